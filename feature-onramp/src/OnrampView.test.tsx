import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanupModals, renderModal, waitForView } from '@latch/react/testing';
import { base, connector, createFakeAdapter, createTestStorage, mainnet, sepolia, solanaMainnet } from '@latch/testkit/kernel';
import { createOnrampPlugin, type OnrampOptions } from './createOnrampPlugin.js';

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupModals();
});

const EVM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const SOL = 'So11111111111111111111111111111111111111112';
const providers: OnrampOptions['providers'] = {
  coinbase: { appId: 'cb-app', widgetUrl: 'http://127.0.0.1:9/coinbase/buy' },
  meld: { publicKey: 'meld-key', widgetUrl: 'http://127.0.0.1:9/meld/' },
};

/** The modal's wallet, connected before it opens: wallet 'w' of a fake adapter on `namespace`, and test storage. */
function wallet(namespace: 'eip155' | 'solana' = 'eip155') {
  return {
    adapters: [createFakeAdapter({ namespace, connectors: [connector('w', namespace)] }).adapter],
    storage: createTestStorage(),
    connect: 'w',
  };
}

async function openBuy(options: Partial<OnrampOptions> = {}, setup: { solana?: boolean; network?: typeof base } = {}) {
  const plugin = createOnrampPlugin({ providers, timeZone: () => 'Europe/Paris', ...options });
  const screen = await renderModal(
    setup.solana
      ? { networks: [solanaMainnet], plugins: [plugin], ...wallet('solana') }
      : {
          networks: [setup.network ?? mainnet, mainnet, base, sepolia].filter((n, i, all) => all.indexOf(n) === i),
          plugins: [plugin],
          ...wallet(),
        },
  );
  fireEvent.click(await screen.ui.findByTestId('latch-feature-BuyCrypto'));
  await waitForView(screen.modal);
  await screen.ui.findByTestId('latch-BuyCrypto');
  return screen;
}

const query = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('Buy (on-ramp view)', () => {
  it('says what is wrong instead of showing the form when a widget URL is not http(s), and opens nothing', async () => {
    const open = vi.spyOn(window, 'open');
    const plugin = createOnrampPlugin({
      providers: { meld: { publicKey: 'pk', widgetUrl: 'javascript:alert(1)' } },
      timeZone: () => 'Europe/Paris',
    });
    const screen = await renderModal({ networks: [mainnet], plugins: [plugin], ...wallet() });
    fireEvent.click(await screen.ui.findByTestId('latch-feature-BuyCrypto'));
    expect((await screen.ui.findByTestId('latch-onramp-config-problem')).textContent).toBe(
      'Buying crypto is not set up correctly on this site: providers.meld.widgetUrl must be an http(s) URL.',
    );
    expect(screen.ui.queryByTestId('latch-BuyCrypto')).toBeNull();
    expect(open).not.toHaveBeenCalled();
  });

  it('is listed first among the wallet features and opens titled as its button', async () => {
    const { ui } = await openBuy();
    expect(ui.getByRole('dialog', { name: 'Buy' })).toBeTruthy();
  });

  it('is offered only where a configured provider serves the namespace (Coinbase: eip155; Meld: eip155 and solana)', async () => {
    const coinbaseOnly = createOnrampPlugin({ providers: { coinbase: { appId: 'app' } }, timeZone: () => 'Europe/Paris' });
    const withMeld = createOnrampPlugin({ providers: { meld: { publicKey: 'key' } }, timeZone: () => 'Europe/Paris' });
    expect([coinbaseOnly.supports?.(mainnet), coinbaseOnly.supports?.(solanaMainnet)]).toEqual([true, false]);
    expect([withMeld.supports?.(mainnet), withMeld.supports?.(solanaMainnet)]).toEqual([true, true]);
    expect(
      coinbaseOnly.supports?.({ ...mainnet, chainNamespace: 'polkadot', caipNetworkId: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' }),
    ).toBe(false);
  });

  it('opens the Coinbase widget in a popup with the account address, network, asset and amount', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({ opener: window } as unknown as Window);
    const { ui } = await openBuy({}, { network: base });
    const radios = within(ui.getByRole('group', { name: 'Provider' })).getAllByRole('radio');
    expect(radios.map((r) => (r as HTMLInputElement).value)).toEqual(['coinbase', 'meld']);
    expect((ui.getByLabelText('Network') as HTMLSelectElement).value).toBe('base'); // the active network
    fireEvent.change(ui.getByLabelText('Asset'), { target: { value: 'USDC' } });
    fireEvent.change(ui.getByLabelText('Amount (USD)'), { target: { value: '40' } });
    fireEvent.click(ui.getByRole('button', { name: 'Continue to Coinbase' }));
    expect(open).toHaveBeenCalledTimes(1);
    const [url, target, features] = open.mock.calls[0] as [string, string, string];
    expect(url.startsWith('http://127.0.0.1:9/coinbase/buy?')).toBe(true);
    expect(query(url)).toMatchObject({
      appId: 'cb-app',
      addresses: JSON.stringify({ [EVM]: ['base'] }),
      defaultNetwork: 'base',
      defaultAsset: 'USDC',
      presetFiatAmount: '40',
      fiatCurrency: 'USD',
    });
    expect([target, features]).toEqual(['latch-onramp', 'popup,width=480,height=720']);
    const done = await ui.findByText('Finish your purchase in the Coinbase window.');
    expect(done.closest('[role="status"]')?.getAttribute('aria-live')).toBe('polite');
  });

  it('with getSessionToken: asks for a token only on Continue, opens the window in the click and fills it with the token URL', async () => {
    const popup = { opener: window, location: { href: 'about:blank' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    let release: (token: string) => void = () => {};
    const getSessionToken = vi.fn(() => new Promise<string>((resolve) => (release = resolve)));
    const { ui } = await openBuy(
      { providers: { coinbase: { getSessionToken, widgetUrl: 'http://127.0.0.1:9/coinbase/buy' } } },
      { network: base },
    );
    fireEvent.change(ui.getByLabelText('Asset'), { target: { value: 'USDC' } });
    fireEvent.change(ui.getByLabelText('Amount (USD)'), { target: { value: '40' } });
    expect(getSessionToken).not.toHaveBeenCalled(); // nothing asked while the visitor fills the form
    fireEvent.click(ui.getByRole('button', { name: 'Continue to Coinbase' }));
    // The window opens in the click (popup blockers allow it), blank until the token arrives.
    expect(open.mock.calls).toEqual([['about:blank', 'latch-onramp', 'popup,width=480,height=720']]);
    expect(getSessionToken.mock.calls).toEqual([[{ addresses: [{ address: EVM, blockchains: ['base'] }], assets: ['USDC'] }]]);
    await ui.findByText('Preparing your Coinbase session…');
    release('one-time-token');
    await ui.findByText('Finish your purchase in the Coinbase window.');
    expect(popup.location.href.startsWith('http://127.0.0.1:9/coinbase/buy?')).toBe(true);
    // The address is in the token: the URL carries no appId and no addresses.
    expect(query(popup.location.href)).toEqual({
      sessionToken: 'one-time-token',
      defaultNetwork: 'base',
      defaultAsset: 'USDC',
      presetFiatAmount: '40',
      fiatCurrency: 'USD',
    });
    expect(popup.opener).toBeNull();
    expect(open).toHaveBeenCalledTimes(1);
  });

  it('with getSessionToken: a failed token request closes the blank window and says why', async () => {
    const popup = { opener: window, location: { href: 'about:blank' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const getSessionToken = vi.fn(async () => {
      throw new Error('the session route answered 401');
    });
    const { ui } = await openBuy({ providers: { coinbase: { getSessionToken } } });
    fireEvent.change(ui.getByLabelText('Amount (USD)'), { target: { value: '10' } });
    fireEvent.click(ui.getByRole('button', { name: 'Continue to Coinbase' }));
    const alert = await ui.findByRole('alert');
    expect(alert.textContent).toBe('Coinbase could not be opened: the session route answered 401. Try again.');
    expect(popup.close).toHaveBeenCalledTimes(1);
    expect(popup.location.href).toBe('about:blank');
  });

  it('falls back to ethereum on a network without an on-ramp name, and builds the Meld URL when Meld is picked', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { ui } = await openBuy({}, { network: sepolia });
    expect((ui.getByLabelText('Network') as HTMLSelectElement).value).toBe('ethereum');
    fireEvent.click(ui.getByRole('radio', { name: /Meld/ }));
    fireEvent.change(ui.getByLabelText('Network'), { target: { value: 'polygon' } });
    expect([...(ui.getByLabelText('Asset') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['POL', 'USDC']);
    fireEvent.change(ui.getByLabelText('Amount (USD)'), { target: { value: '12.50' } });
    fireEvent.click(ui.getByRole('button', { name: 'Continue to Meld' }));
    expect(query(open.mock.calls[0]?.[0] as string)).toEqual({
      publicKey: 'meld-key',
      walletAddress: EVM,
      destinationCurrencyCode: 'POL',
      sourceAmount: '12.50',
      sourceCurrencyCode: 'USD',
    });
  });

  it('on solana offers only Meld (Coinbase serves eip155 only) and buys SOL to the solana address', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { ui } = await openBuy({}, { solana: true });
    expect(ui.queryByRole('group', { name: 'Provider' })).toBeNull();
    expect(ui.getByText(/With Meld/)).toBeTruthy();
    expect([...(ui.getByLabelText('Network') as HTMLSelectElement).options].map((o) => o.value)).toEqual(['solana']);
    fireEvent.change(ui.getByLabelText('Amount (USD)'), { target: { value: '10' } });
    fireEvent.click(ui.getByRole('button', { name: 'Continue to Meld' }));
    expect(query(open.mock.calls[0]?.[0] as string)).toMatchObject({ walletAddress: SOL, destinationCurrencyCode: 'SOL' });
  });

  it('says when the browser blocked the popup and offers a link to the same URL', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { ui } = await openBuy();
    fireEvent.change(ui.getByLabelText('Amount (USD)'), { target: { value: '20' } });
    fireEvent.click(ui.getByRole('button', { name: 'Continue to Coinbase' }));
    const alert = await ui.findByRole('alert');
    expect(alert.textContent).toContain('Your browser blocked the Coinbase window.');
    const link = within(alert).getByRole('link', { name: 'Open Coinbase' }) as HTMLAnchorElement;
    expect(link.href).toBe(open.mock.calls[0]?.[0]);
    expect(link.rel).toBe('noopener noreferrer');
  });

  it('refuses an invalid amount with a message tied to the field, and opens nothing', async () => {
    const open = vi.spyOn(window, 'open');
    const { ui } = await openBuy();
    const amount = ui.getByLabelText('Amount (USD)');
    fireEvent.change(amount, { target: { value: '1.234' } });
    fireEvent.click(ui.getByRole('button', { name: 'Continue to Coinbase' }));
    expect(open).not.toHaveBeenCalled();
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    const hint = ui.getByText('Enter an amount in USD greater than 0, with at most 2 decimals.');
    expect(amount.getAttribute('aria-describedby')).toBe(hint.id);
  });

  it('works by keyboard: native controls in the Tab order; type the amount, Enter opens the widget', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue({} as Window);
    const { ui, shadow } = await openBuy();
    const form = ui.getByTestId('latch-BuyCrypto');
    const controls = [...form.querySelectorAll<HTMLElement>('input, select, button, a, [tabindex], [role="button"]')];
    expect(controls.map((c) => c.tagName.toLowerCase())).toEqual(['input', 'input', 'select', 'select', 'input', 'button']);
    expect(controls.every((c) => c.tabIndex >= 0)).toBe(true);
    const user = userEvent.setup();
    ui.getByRole('radio', { name: /Meld/ }).focus();
    await user.keyboard(' ');
    await waitFor(() => expect((ui.getByRole('radio', { name: /Meld/ }) as HTMLInputElement).checked).toBe(true));
    const amount = ui.getByLabelText('Amount (USD)');
    amount.focus();
    expect(shadow.activeElement).toBe(amount);
    await user.keyboard('75{Enter}');
    expect(open).toHaveBeenCalledTimes(1);
    expect(query(open.mock.calls[0]?.[0] as string)).toMatchObject({ sourceAmount: '75', publicKey: 'meld-key' });
  });

  it('has no serious axe violation (form, blocked-popup message)', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const { ui, root } = await openBuy();
    const audit = async () =>
      (await axe.run(root, { rules: { 'color-contrast': { enabled: false } } })).violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => v.id);
    expect(await audit()).toEqual([]);
    fireEvent.click(ui.getByRole('button', { name: 'Continue to Coinbase' }));
    await ui.findByText(/Enter an amount/);
    fireEvent.change(ui.getByLabelText('Amount (USD)'), { target: { value: '5' } });
    fireEvent.click(ui.getByRole('button', { name: 'Continue to Coinbase' }));
    await ui.findByRole('alert');
    expect(await audit()).toEqual([]);
  });

  it('shows no Buy in a restricted time zone, nor when features.onramp is off', async () => {
    for (const options of [
      { plugins: [createOnrampPlugin({ providers, timeZone: () => 'Asia/Shanghai' })] },
      { plugins: [createOnrampPlugin({ providers, timeZone: () => 'Europe/Paris' })], features: { onramp: false } },
    ]) {
      const { ui } = await renderModal({ networks: [mainnet], ...options, ...wallet() });
      await ui.findByTestId('latch-feature-WalletReceive');
      expect(ui.queryByTestId('latch-feature-BuyCrypto')).toBeNull();
      await cleanupModals();
    }
  });

  it('shows Buy first in the wallet features when registered', async () => {
    const { ui } = await renderModal({
      networks: [mainnet],
      plugins: [createOnrampPlugin({ providers, timeZone: () => 'Europe/Paris' })],
      ...wallet(),
    });
    const nav = await ui.findByRole('navigation', { name: 'Wallet features' });
    await waitFor(() => expect(within(nav).getAllByRole('button')[0]?.textContent?.trim()).toBe('Buy'));
  });
});
