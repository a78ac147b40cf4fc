import type { Connector } from '@latch/kernel';
import { fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { connector, createFakeAdapter, createTestStorage, mainnet, solanaMainnet, createFakeConnectorPlugin } from '@latch/testkit/kernel';
import { createModal } from '../createModal.js';
import { cleanupModals, createTestModal, openModal, track, type ModalScreen } from '../test-support/renderModal.js';
import { CONNECT_VIEW_LIMIT } from './ConnectView.js';

afterEach(cleanupModals);

const named = (id: string, name: string, chain: Connector['chain'] = 'eip155', extra: Partial<Connector> = {}): Connector => ({
  ...connector(id, chain),
  name,
  ...extra,
});

async function rows({ ui }: ModalScreen) {
  const list = await ui.findByTestId('latch-wallet-list');
  return [...list.querySelectorAll('li')].map((li) => `${li.querySelector('.name')?.textContent}|${li.querySelector('.tag')?.textContent}`);
}

function twoChains(evm: Connector[], sol: Connector[]) {
  const evmFake = createFakeAdapter({ namespace: 'eip155', connectors: evm });
  const solFake = createFakeAdapter({ namespace: 'solana', connectors: sol });
  const modal = track(
    createModal({ networks: [mainnet, solanaMainnet], adapters: [evmFake.adapter, solFake.adapter], storage: createTestStorage() }),
  );
  return { modal, evmFake, solFake };
}

describe('Connect view: connect methods', () => {
  it('renders only the wallet list when there is no embedded-wallet connector', async () => {
    const screen = await openModal(createTestModal().modal);
    await screen.ui.findByRole('button', { name: /Wallet w/ });
    const body = screen.root.querySelector('.body') as HTMLElement;
    expect([...body.querySelectorAll('section')].map((s) => s.getAttribute('aria-label'))).toEqual(['Wallets']);
    expect(body.firstElementChild?.getAttribute('aria-label')).toBe('Wallets');
    expect(screen.ui.queryByRole('textbox')).toBeNull();
  });
});

describe('Connect view: wallet list', () => {
  it('groups wallets in the §9 order: walletConnect, recent, injected, featured, custom, external', async () => {
    const { modal, storage } = createTestModal(
      { featuredWalletIds: ['rainbow'], customWallets: [{ id: 'c', name: 'Custom C', homepage: 'https://c.example' }] },
      {
        connectors: [
          named('x', 'External X', 'eip155', { type: 'EXTERNAL' }),
          named('i', 'Injected I', 'eip155', { type: 'INJECTED' }),
          named('r', 'Recent R'),
          named('walletconnect', 'WalletConnect', 'eip155', { type: 'WALLET_CONNECT' }),
        ],
      },
    );
    storage.setItem('@latch/recent_wallets', JSON.stringify([{ id: 'r', name: 'Recent R' }]));
    const screen = await openModal(modal);
    expect(await rows(screen)).toEqual([
      'WalletConnect|Installed',
      'Recent R|Recent',
      'Injected I|Installed',
      'Rainbow|Get',
      'Custom C|Get',
      'External X|Installed',
    ]);
    expect(CONNECT_VIEW_LIMIT).toBe(6);
    // Wallets to install are links to their homepage.
    const rainbow = screen.ui.getByRole('link', { name: /Rainbow/ });
    expect(rainbow.getAttribute('href')).toBe('https://rainbow.me');
    expect(rainbow.getAttribute('rel')).toContain('noopener');
  });

  it('shows at most CONNECT_VIEW_LIMIT wallets', async () => {
    const many = Array.from({ length: CONNECT_VIEW_LIMIT + 3 }, (_, i) => named(`w${i}`, `Wallet ${i}`));
    const screen = await openModal(createTestModal({}, { connectors: many }).modal);
    expect(await rows(screen)).toHaveLength(CONNECT_VIEW_LIMIT);
  });

  it('moves the wallet used last to the top, tagged Recent', async () => {
    const { modal } = createTestModal({}, { connectors: [named('a', 'Alpha'), named('b', 'Beta')] });
    let screen = await openModal(modal);
    expect(await rows(screen)).toEqual(['Alpha|Installed', 'Beta|Installed']);
    fireEvent.click(screen.ui.getByRole('button', { name: /Beta/ }));
    await waitFor(() => expect(modal.getState().status).toBe('connected'));
    await modal.disconnect();
    screen = await openModal(modal);
    expect(await rows(screen)).toEqual(['Beta|Recent', 'Alpha|Installed']);
    expect(screen.ui.getByRole('button', { name: /^Beta\b.*recent/i })).toBeTruthy();
  });

  it('hides wallets excluded by rdns, name or id', async () => {
    const { modal } = createTestModal(
      { excludeWalletIds: ['com.a', 'Wallet b', 'c'] },
      { connectors: [connector('a', 'eip155'), connector('b', 'eip155'), connector('c', 'eip155'), connector('d', 'eip155')] },
    );
    expect(await rows(await openModal(modal))).toEqual(['Wallet d|Installed']);
  });

  it('shows a wallet announced on eip155 and solana once, tagged Multichain, and connects both', async () => {
    const { modal, evmFake, solFake } = twoChains(
      [named('phantom', 'Phantom', 'eip155', { rdns: 'app.phantom' }), named('mm', 'MetaMask')],
      [named('phantom', 'Phantom', 'solana', { rdns: 'app.phantom' })],
    );
    const screen = await openModal(modal);
    expect(await rows(screen)).toEqual(['Phantom|Multichain', 'MetaMask|Installed']);
    // Its accessible name says which chains it serves.
    const row = screen.ui.getByRole('button', { name: /^Phantom\b.*multichain.*Ethereum & EVM.*Solana/i });
    fireEvent.click(row);
    await waitFor(() =>
      expect(
        Object.keys(modal.getState().accounts).filter((ns) => modal.getState().accounts[ns as 'eip155']?.status === 'connected'),
      ).toEqual(['eip155', 'solana']),
    );
    expect(evmFake.methods()).toContain('connect');
    expect(solFake.methods()).toContain('connect');
  });

  it("merges 'Trust Wallet' and 'Trust' into one entry shown as Trust", async () => {
    const { modal } = twoChains(
      [named('trust-evm', 'Trust Wallet', 'eip155', { rdns: 'com.trustwallet.app' })],
      [named('trust-sol', 'Trust', 'solana', { rdns: undefined })],
    );
    const screen = await openModal(modal);
    expect(await rows(screen)).toEqual(['Trust|Multichain']);
  });

  it('says so when no wallet is found, and still offers All Wallets', async () => {
    const { ui } = await openModal(createTestModal({}, { connectors: [] }).modal);
    const empty = await ui.findByTestId('latch-no-wallets');
    expect(empty.textContent).toBe('No wallet found in this browser. Install a wallet extension, or pick one from the list below.');
    expect(ui.queryByTestId('latch-wallet-list')).toBeNull();
    expect(ui.getByRole('button', { name: /All Wallets/ })).toBeTruthy();
  });

  it('does not point to a list below when All Wallets is switched off', async () => {
    const { ui } = await openModal(createTestModal({ features: { allWallets: false } }, { connectors: [] }).modal);
    const empty = await ui.findByTestId('latch-no-wallets');
    expect(empty.textContent).not.toMatch(/list below/);
    expect(ui.queryByRole('button', { name: /All Wallets/ })).toBeNull();
  });
});

describe('Connect view: All Wallets', () => {
  it('the All Wallets button opens the AllWallets view, and Back returns', async () => {
    const { modal } = createTestModal();
    const { ui } = await openModal(modal);
    fireEvent.click(await ui.findByRole('button', { name: /All Wallets/ }));
    expect(await ui.findByRole('dialog', { name: 'All Wallets' })).toBeTruthy();
    expect(modal.getState().view).toBe('AllWallets');
    fireEvent.click(ui.getByRole('button', { name: 'Back' }));
    expect(await ui.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
  });

  it('is hidden when features.allWallets is false', async () => {
    const { ui } = await openModal(createTestModal({ features: { allWallets: false } }).modal);
    await ui.findByRole('button', { name: /Wallet w/ });
    expect(ui.queryByRole('button', { name: /All Wallets/ })).toBeNull();
  });

  it('choosing a wallet opens ConnectingExternal for it', async () => {
    const { modal } = createTestModal();
    const { ui } = await openModal(modal);
    fireEvent.click(await ui.findByRole('button', { name: /Wallet w/ }));
    expect(modal.getState().history.map((h) => h.view)).toEqual(['Connect', 'ConnectingExternal']);
    expect(modal.getState().history[1]?.data).toMatchObject({ name: 'Wallet w', targets: [{ id: 'w', namespace: 'eip155' }] });
  });
});

describe('Connect view: legal links', () => {
  it('links the terms and privacy policy when configured, and only http(s) ones', async () => {
    const screen = await openModal(
      createTestModal({ termsConditionsUrl: 'https://app.example/terms', privacyPolicyUrl: 'javascript:alert(1)' }).modal,
    );
    const legal = await screen.ui.findByTestId('latch-legal');
    expect(legal.textContent).toBe('By connecting a wallet, you agree to the Terms of Service.');
    expect(legal.querySelector('a')?.getAttribute('href')).toBe('https://app.example/terms');
    const none = await openModal(createTestModal().modal);
    await none.ui.findByTestId('latch-wallet-list');
    expect(none.ui.queryByTestId('latch-legal')).toBeNull();
  });
});

/** A connector plugin's own connecting view, as a plugin package would ship it. */
function QrView() {
  return <p data-testid="qr">Scan me</p>;
}
const loadQrView = async () => ({ default: QrView });

describe('Connect view: connector plugins (one session, several namespaces)', () => {
  it('lists a plugin once with the namespaces it serves, and connects them all from one pick', async () => {
    const shared = createFakeConnectorPlugin();
    const evm = createFakeAdapter({ namespace: 'eip155' });
    const sol = createFakeAdapter({ namespace: 'solana' });
    const modal = track(
      createModal({
        networks: [mainnet, solanaMainnet],
        adapters: [evm.adapter, sol.adapter],
        connectors: [shared.plugin],
        storage: createTestStorage(),
      }),
    );
    const screen = await openModal(modal);
    const row = await screen.ui.findByRole('button', { name: /Shared Wallet/ });
    expect(row.textContent).toContain('Multichain');
    fireEvent.click(row);
    await waitFor(() => expect(modal.getState().accounts.solana?.status).toBe('connected'));
    expect(modal.getState().accounts.eip155?.status).toBe('connected');
    expect(shared.methods().filter((m) => m === 'connect')).toHaveLength(1);
  });

  it("opens the plugin's own connecting view when it brings one", async () => {
    const shared = createFakeConnectorPlugin();
    const plugin = { ...shared.plugin, connectingView: 'ConnectingQr', views: { ConnectingQr: loadQrView } };
    const modal = track(
      createModal({
        networks: [mainnet],
        adapters: [createFakeAdapter({ namespace: 'eip155' }).adapter],
        connectors: [plugin],
        storage: createTestStorage(),
      }),
    );
    const screen = await openModal(modal);
    fireEvent.click(await screen.ui.findByRole('button', { name: /Shared Wallet/ }));
    expect(await screen.ui.findByTestId('qr')).toBeTruthy();
    expect(modal.getState().view).toBe('ConnectingQr');
    expect(shared.methods()).not.toContain('connect');
  });
});

/** A connector plugin's e-mail field at the Connect view's e-mail slot, as the embedded wallet ships one. */
function EmailField() {
  return <input aria-label="Email" data-testid="email-field" />;
}
function withEmailSection(features: Record<string, boolean>, extra: Record<string, unknown> = {}) {
  const shared = createFakeConnectorPlugin({ id: 'mail', type: 'AUTH' });
  const plugin = { ...shared.plugin, connectSection: 'EmailField', views: { EmailField: async () => ({ default: EmailField }) } };
  return createTestModal({ connectors: [plugin], features, ...extra }).modal;
}

describe('Connect view: emailShowWallets and collapseWallets', () => {
  for (const features of [{ collapseWallets: true }, { emailShowWallets: false }] as Record<string, boolean>[]) {
    it(`${JSON.stringify(features)}: the wallets wait behind "Continue with a wallet" under the e-mail field; it shows them and focuses the first`, async () => {
      const screen = await openModal(withEmailSection(features));
      await screen.ui.findByTestId('email-field');
      expect(screen.ui.queryByTestId('latch-wallet-list')).toBeNull();
      expect(screen.ui.queryByRole('button', { name: /Wallet w/ })).toBeNull();
      fireEvent.click(screen.ui.getByRole('button', { name: 'Continue with a wallet' }));
      const wallet = await screen.ui.findByRole('button', { name: /Wallet w/ });
      await waitFor(() => expect(screen.shadow.activeElement).toBe(wallet));
      expect(screen.ui.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull();
    });
  }

  it('by default (emailShowWallets on, collapseWallets off) the wallets show with the e-mail field', async () => {
    const screen = await openModal(withEmailSection({}));
    await screen.ui.findByTestId('email-field');
    expect(await screen.ui.findByRole('button', { name: /Wallet w/ })).toBeTruthy();
    expect(screen.ui.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull();
  });

  it('with no e-mail or social sign-in there is nothing to collapse against: the wallets show', async () => {
    const screen = await openModal(createTestModal({ features: { collapseWallets: true, emailShowWallets: false } }).modal);
    expect(await screen.ui.findByRole('button', { name: /Wallet w/ })).toBeTruthy();
    expect(screen.ui.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull();
  });
});

describe('Connect view: legalCheckbox', () => {
  const urls = { termsConditionsUrl: 'https://app.example/terms', privacyPolicyUrl: 'https://app.example/privacy' };

  it('a labelled checkbox replaces the legal line; every way to connect is inert until it is ticked', async () => {
    const screen = await openModal(withEmailSection({ legalCheckbox: true }, urls));
    const box = await screen.ui.findByRole('checkbox', { name: 'I agree to the Terms of Service and the Privacy Policy' });
    expect((box as HTMLInputElement).checked).toBe(false);
    expect(screen.ui.getByRole('link', { name: 'the Terms of Service' }).getAttribute('href')).toBe(urls.termsConditionsUrl);
    const methods = screen.ui.getByTestId('latch-connect-methods');
    await screen.ui.findByTestId('email-field');
    expect(methods.hasAttribute('inert')).toBe(true);
    expect(methods.contains(screen.ui.getByTestId('latch-wallet-list'))).toBe(true);
    expect(methods.contains(screen.ui.getByTestId('email-field'))).toBe(true);
    fireEvent.click(box);
    expect((box as HTMLInputElement).checked).toBe(true);
    expect(methods.hasAttribute('inert')).toBe(false);
    fireEvent.click(box);
    expect(methods.hasAttribute('inert')).toBe(true);
  });

  it('without a terms or privacy link there is nothing to agree to: no checkbox, nothing gated', async () => {
    const screen = await openModal(createTestModal({ features: { legalCheckbox: true } }).modal);
    await screen.ui.findByTestId('latch-wallet-list');
    expect(screen.ui.queryByRole('checkbox')).toBeNull();
    expect(screen.ui.queryByTestId('latch-connect-methods')).toBeNull();
  });
});

describe('Connect view: a connector section whose code cannot be fetched', () => {
  it("§8: says 'Unable to load email login dependency' instead of dropping the section, and Try again loads it", async () => {
    let attempts = 0;
    const shared = createFakeConnectorPlugin({ id: 'mail', type: 'AUTH' });
    const loadEmailField = async () => {
      attempts += 1;
      if (attempts === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return { default: EmailField };
    };
    const plugin = { ...shared.plugin, connectSection: 'EmailField', views: { EmailField: loadEmailField } };
    const screen = await openModal(createTestModal({ connectors: [plugin] }).modal);
    const failure = await screen.ui.findByRole('alert');
    expect(failure.textContent).toContain('Unable to load email login dependency. Check your connection.');
    // The wallets are still there to use.
    expect(screen.ui.getByRole('button', { name: /Wallet w/ })).toBeTruthy();
    fireEvent.click(screen.ui.getByRole('button', { name: 'Try again' }));
    expect(await screen.ui.findByTestId('email-field')).toBeTruthy();
    expect(screen.ui.queryByTestId('latch-connect-section-failed')).toBeNull();
    expect(attempts).toBe(2);
  });
});
