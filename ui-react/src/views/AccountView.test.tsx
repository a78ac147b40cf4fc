import { avatarColors } from '@latch/kernel';
import { fireEvent, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base, connector, createFakeAdapter, mainnet, solanaMainnet, createFakeConnectorPlugin } from '@latch/testkit/kernel';
import { createModal } from '../createModal.js';
import { ConnectButton } from '../components/ConnectButton.js';
import {
  cleanupModals,
  createTestModal,
  openModal,
  renderWithModal,
  token,
  track,
  withTokenBalances,
} from '../test-support/renderModal.js';
import { getInternals } from '@latch/kernel/internal';

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupModals();
});

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';

async function openAccount(...args: Parameters<typeof createTestModal>) {
  const made = createTestModal(...args);
  await made.modal.connect('w');
  const screen = await openModal(made.modal);
  await screen.ui.findByTestId('latch-account');
  return { ...made, ...screen };
}

describe('Account view: identity', () => {
  it('is a dialog named Account (the title RainbowKit forgot)', async () => {
    const { ui, shadow } = await openAccount();
    const dialog = ui.getByRole('dialog', { name: 'Account' });
    expect(shadow.getElementById(dialog.getAttribute('aria-labelledby') as string)?.textContent).toBe('Account');
  });

  it('shows the address truncated 4…6 with a gradient avatar from its colours', async () => {
    const { ui, root } = await openAccount();
    const name = ui.getByTestId('latch-account-name');
    expect(name.textContent).toBe('0xf3…b92266');
    expect(name.getAttribute('title')).toBe(ADDRESS);
    const avatar = root.querySelector('.account-head > span[aria-hidden="true"]') as HTMLElement;
    // happy-dom's CSS parser drops radial-gradient, so read the style React was given.
    const propsKey = Object.keys(avatar).find((k) => k.startsWith('__reactProps$')) as string;
    const background = (avatar as unknown as Record<string, { style: { background: string } }>)[propsKey]?.style.background;
    for (const colour of avatarColors(ADDRESS)) expect(background).toContain(colour);
    expect(avatarColors(ADDRESS)[0]).toBe('#f39fd6'); // §9: the first 6 hex characters
  });

  it('shows the profile name and image when the wallet has them', async () => {
    const image = 'data:image/png;base64,iVBORw0KGgo=';
    const { ui, root } = await openAccount({}, { identity: { name: 'vitalik.eth', avatar: image } });
    await waitFor(() => expect(ui.getByTestId('latch-account-name').textContent).toBe('vitalik.eth'));
    expect(root.querySelector('.account-head img')?.getAttribute('src')).toBe(image);
  });

  it('copy writes the address to the clipboard and says so', async () => {
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const { ui } = await openAccount();
    fireEvent.click(ui.getByRole('button', { name: 'Copy address' }));
    expect(writeText).toHaveBeenCalledWith(ADDRESS);
    const snack = await ui.findByTestId('latch-snackbar');
    expect(snack.textContent).toBe('Address copied');
    expect(snack.closest('[role="status"]')).toBeTruthy();
  });

  it('says when the clipboard refuses', async () => {
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    const { ui } = await openAccount();
    fireEvent.click(ui.getByRole('button', { name: 'Copy address' }));
    const snack = await ui.findByTestId('latch-snackbar');
    expect(snack.textContent).toBe('Copy failed');
    expect(snack.closest('[role="alert"]')).toBeTruthy();
  });

  it('links to the address on the block explorer, in a new tab', async () => {
    const { ui } = await openAccount();
    const link = ui.getByRole('link', { name: /Explorer/ });
    expect(link.getAttribute('href')).toBe(`https://explorer.example/address/${ADDRESS}`);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('shows the balance with its symbol, truncated to 3 decimals', async () => {
    const { ui } = await openAccount({}, { balance: '1234.56789' });
    await waitFor(() => expect(ui.getByTestId('latch-account-balance').textContent).toBe('1,234.567 ETH'));
  });
});

describe('Account view: tabs', () => {
  it('are role=tab with aria-selected, switched by click', async () => {
    const { ui, modal } = await openAccount();
    const tabs = ui.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Tokens', 'NFTs', 'Activity']);
    expect(tabs.map((t) => t.getAttribute('aria-selected'))).toEqual(['true', 'false', 'false']);
    expect(ui.getByRole('tablist').contains(tabs[0] as HTMLElement)).toBe(true);
    fireEvent.click(ui.getByRole('tab', { name: 'NFTs' }));
    await waitFor(() => expect(ui.getByRole('tab', { name: 'NFTs' }).getAttribute('aria-selected')).toBe('true'));
    expect(modal.getState().account?.currentTab).toBe('NFTs');
    const panel = ui.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(ui.getByRole('tab', { name: 'NFTs' }).id);
    expect(ui.getByRole('tab', { name: 'NFTs' }).getAttribute('aria-controls')).toBe(panel.id);
  });

  it('move with the arrow keys, Home and End, and focus follows', async () => {
    const user = userEvent.setup();
    const { ui, shadow } = await openAccount();
    const tab = (name: string) => ui.getByRole('tab', { name });
    tab('Tokens').focus();
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(tab('NFTs').getAttribute('aria-selected')).toBe('true'));
    expect(shadow.activeElement).toBe(tab('NFTs'));
    expect([tab('Tokens'), tab('NFTs'), tab('Activity')].map((t) => t.tabIndex)).toEqual([-1, 0, -1]);
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(shadow.activeElement).toBe(tab('Activity')));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(shadow.activeElement).toBe(tab('Tokens')));
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(shadow.activeElement).toBe(tab('Activity')));
    await user.keyboard('{Home}');
    await waitFor(() => expect(tab('Tokens').getAttribute('aria-selected')).toBe('true'));
    await user.keyboard('{End}');
    await waitFor(() => expect(tab('Activity').getAttribute('aria-selected')).toBe('true'));
    expect(shadow.activeElement).toBe(tab('Activity'));
  });

  it("Tokens lists the adapter's getTokenBalances for the account and network", async () => {
    const { modal, fake } = createTestModal();
    const calls = withTokenBalances(fake.adapter, [
      token('USDC', '1234.5678', { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }),
      token('DUST', '5', { address: '0x0000000000000000000000000000000000000001', quantity: { decimals: '0', numeric: '5' } }),
      token('WETH', '0.25', { address: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2' }),
    ]);
    await modal.connect('w');
    const { ui } = await openModal(modal);
    const list = await ui.findByTestId('latch-tokens');
    expect(calls).toContain(`eip155:1:${ADDRESS}`);
    const rows = [...list.querySelectorAll('li')].map(
      (li) => `${li.querySelector('strong')?.textContent}=${li.querySelector('.figures')?.textContent}`,
    );
    expect(rows).toEqual(['USDC Token=1,234.567', 'WETH Token=0.250']); // §5: decimals '0' dropped
  });

  it('says so when there are no tokens', async () => {
    const { ui } = await openAccount();
    expect(await ui.findByText('No tokens on this network yet.')).toBeTruthy();
  });

  it('NFTs and Activity say so honestly where nothing provides them', async () => {
    const { ui } = await openAccount();
    fireEvent.click(ui.getByRole('tab', { name: 'NFTs' }));
    expect((await ui.findByRole('tabpanel')).textContent).toBe('NFTs are not available on eip155 1. Your NFTs are safe in your wallet.');
    fireEvent.click(ui.getByRole('tab', { name: 'Activity' }));
    await waitFor(() =>
      expect(ui.getByRole('tabpanel').textContent).toBe('Activity is not available on eip155 1. Your wallet keeps your full history.'),
    );
  });

  it('shows fiat (§9: 2 decimals) only where a price is known', async () => {
    const { modal, fake } = createTestModal();
    withTokenBalances(fake.adapter, [
      token('USDC', '1234.5678', { address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48', price: 1 }),
      token('XYZ', '3'),
    ]);
    await modal.connect('w');
    const { ui } = await openModal(modal);
    const list = await ui.findByTestId('latch-tokens');
    const figures = [...list.querySelectorAll('.figures')].map((f) => f.textContent);
    expect(figures[0]).toMatch(/^1,234\.567\$1,234\.57$/);
    expect(figures[1]).toBe('3.000');
  });
});

describe('Account view: actions', () => {
  it('Disconnect disconnects the wallet and closes the modal', async () => {
    const { modal, fake } = createTestModal();
    await modal.connect('w');
    const host = renderWithModal(modal, <ConnectButton />);
    await host.findByTestId('latch-account-button');
    const { ui } = await openModal(modal);
    fireEvent.click(await ui.findByRole('button', { name: /Disconnect/ }));
    await waitFor(() => expect(ui.queryByRole('dialog')).toBeNull());
    expect(fake.methods()).toContain('disconnect');
    expect(modal.getState().status).toBe('disconnected');
    expect(modal.getState().open).toBe(false);
    expect(await host.findByRole('button', { name: 'Connect Wallet' })).toBeTruthy();
  });

  it('the network row opens the network list', async () => {
    const { ui, modal } = await openAccount({ networks: [mainnet, base] });
    fireEvent.click(ui.getByRole('button', { name: /eip155 1\b.*change network/i }));
    expect(await ui.findByRole('dialog', { name: 'Choose Network' })).toBeTruthy();
    expect(modal.getState().history.map((h) => h.view)).toEqual(['Account', 'Networks']);
  });
});

describe('Account view: two namespaces at once', () => {
  async function twoNamespaces() {
    const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const sol = createFakeAdapter({ namespace: 'solana', connectors: [connector('s', 'solana')] });
    const modal = track(createModal({ networks: [mainnet, solanaMainnet], adapters: [evm.adapter, sol.adapter], storage: null }));
    await modal.connect('w');
    await modal.connect('s');
    const screen = await openModal(modal, { view: 'Account' });
    await screen.ui.findByTestId('latch-account');
    return { modal, sol, evm, ...screen };
  }

  it('switches between the connected accounts, marking a namespace switch (§4)', async () => {
    const { modal, ui, sol } = await twoNamespaces();
    const group = ui.getByRole('group', { name: 'Connected accounts' });
    expect(ui.getByTestId('latch-namespace-solana').getAttribute('aria-pressed')).toBe('true');
    expect(ui.getByTestId('latch-account-name').textContent).toBe(truncate(sol.address));
    const switches: boolean[] = [];
    modal.on('SWITCH_NETWORK', ({ namespaceSwitch }) => switches.push(namespaceSwitch));
    await userEvent.click(within(group).getByRole('button', { name: 'Ethereum & EVM' }));
    await waitFor(() => expect(ui.getByTestId('latch-namespace-eip155').getAttribute('aria-pressed')).toBe('true'));
    expect(ui.getByTestId('latch-account-name').textContent).toBe('0xf3…b92266');
    expect(switches).toEqual([true]);
  });

  it('disconnecting one namespace leaves the other connected', async () => {
    const { modal, ui } = await twoNamespaces();
    await userEvent.click(ui.getByRole('button', { name: /Disconnect Solana/ }));
    await waitFor(() => expect(modal.getState().accounts.solana?.status).toBe('disconnected'));
    expect(modal.getState().accounts.eip155?.status).toBe('connected');
    expect(modal.getState().activeNamespace).toBe('eip155');
    await waitFor(() => expect(ui.queryByRole('group', { name: 'Connected accounts' })).toBeNull());
  });
});

describe('Account view: a shared session', () => {
  async function sharedAndSeparate(separate: boolean) {
    // Beside a separate eip155 wallet, the session serves solana only.
    const shared = createFakeConnectorPlugin(separate ? { namespaces: ['solana'] } : {});
    const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const sol = createFakeAdapter({ namespace: 'solana' });
    const modal = track(
      createModal({ networks: [mainnet, solanaMainnet], adapters: [evm.adapter, sol.adapter], connectors: [shared.plugin], storage: null }),
    );
    if (separate) await modal.connect('w');
    await modal.connect('shared');
    const screen = await openModal(modal, { view: 'Account' });
    await screen.ui.findByTestId('latch-account');
    return { modal, ...screen };
  }

  it('one session on two namespaces: one "Disconnect" ends it and the modal closes', async () => {
    const { modal, ui } = await sharedAndSeparate(false);
    expect(ui.getByRole('group', { name: 'Connected accounts' })).toBeTruthy();
    // Not "Disconnect Solana": that would end Ethereum too.
    expect(ui.getAllByRole('button', { name: /Disconnect/ }).map((b) => b.textContent?.trim())).toEqual(['Disconnect']);
    await userEvent.click(ui.getByRole('button', { name: 'Disconnect' }));
    await waitFor(() => expect(modal.getState().open).toBe(false));
    expect(modal.getState().status).toBe('disconnected');
  });

  it('a session beside a separate wallet is named by the session, and ending it keeps the other', async () => {
    const { modal, ui } = await sharedAndSeparate(true);
    expect(modal.getState().activeNamespace).toBe('solana');
    await userEvent.click(ui.getByRole('button', { name: 'Disconnect Shared Wallet' }));
    await waitFor(() => expect(modal.getState().accounts.solana?.status).toBe('disconnected'));
    expect(modal.getState().accounts.eip155?.status).toBe('connected');
    expect(modal.getState().open).toBe(true);
  });

  it('when the session ends on the wallet side, the open Account view returns to Connect', async () => {
    const { modal, ui } = await sharedAndSeparate(false);
    await modal.disconnect();
    expect(await ui.findByRole('dialog', { name: 'Connect Wallet' })).toBeTruthy();
  });
});

function truncate(address: string) {
  return `${address.slice(0, 4)}…${address.slice(-6)}`;
}

describe('Account view: adding a wallet on another namespace', () => {
  it('offers "Connect another wallet" while a registered namespace is unconnected, and it opens Connect', async () => {
    const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const sol = createFakeAdapter({ namespace: 'solana', connectors: [connector('s', 'solana')] });
    const modal = track(createModal({ networks: [mainnet, solanaMainnet], adapters: [evm.adapter, sol.adapter], storage: null }));
    await modal.connect('w');
    const { ui } = await openModal(modal, { view: 'Account' });
    await userEvent.click(await ui.findByRole('button', { name: 'Connect another wallet' }));
    expect(await ui.findByRole('heading', { name: 'Connect Wallet' })).toBeTruthy();
    await modal.connect('s');
    getInternals(modal).router.reset('Account');
    await waitFor(() => expect(ui.queryByRole('button', { name: 'Connect another wallet' })).toBeNull());
  });

  it('does not offer it when every registered namespace is connected', async () => {
    const { ui } = await openAccount();
    expect(ui.queryByRole('button', { name: 'Connect another wallet' })).toBeNull();
  });
});
