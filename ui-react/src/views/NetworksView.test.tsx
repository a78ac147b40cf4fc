import { act, fireEvent, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { base, mainnet, sepolia, solanaMainnet } from '@latch/testkit/kernel';
import { NetworkButton } from '../components/NetworkButton.js';
import {
  cleanupModals,
  createTestModal,
  MODAL_ELEMENT_NAME,
  modalScreen,
  openModal,
  renderWithModal,
  USER_REJECTED,
  waitForOwnMount,
  type ModalScreen,
} from '../test-support/renderModal.js';
import { getInternals } from '@latch/kernel/internal';

afterEach(cleanupModals);

const networks = [mainnet, base, sepolia];

function networkRows({ ui }: ModalScreen) {
  return ui.getAllByRole('button').filter((b) => b.classList.contains('row'));
}

describe('Networks view', () => {
  it('lists the configured networks and marks the current one', async () => {
    const { modal } = createTestModal({ networks });
    const screen = await openModal(modal, { view: 'Networks' });
    await screen.ui.findByTestId('latch-networks');
    const rows = networkRows(screen);
    expect(rows.map((r) => r.querySelector('.name')?.textContent)).toEqual(['eip155 1', 'eip155 8453', 'eip155 11155111']);
    expect(rows.map((r) => r.getAttribute('aria-current'))).toEqual(['true', null, null]);
    expect(rows[2]?.textContent).toContain('Testnet');
    expect(screen.ui.getByRole('button', { name: /eip155 1\b.*Current network/ })).toBe(rows[0]);
  });

  it('groups networks by namespace when there are several', async () => {
    const { modal } = createTestModal({ networks: [mainnet, solanaMainnet] });
    const { ui } = await openModal(modal, { view: 'Networks' });
    expect((await ui.findAllByRole('heading', { level: 3 })).map((h) => h.textContent)).toEqual(['Ethereum & EVM', 'Solana']);
    expect(ui.getByRole('region', { name: 'Solana' }).textContent).toContain(solanaMainnet.name);
  });

  it('switching asks the wallet, closes, and NetworkButton shows the new network', async () => {
    const { modal, fake } = createTestModal({ networks });
    await modal.connect('w');
    const host = renderWithModal(modal, <NetworkButton />);
    expect(host.getByTestId('latch-network-button').textContent).toContain('eip155 1');
    fireEvent.click(host.getByTestId('latch-network-button'));
    const screen = await modalScreen(modal);
    fireEvent.click(await screen.ui.findByRole('button', { name: /eip155 8453/ }));
    await waitFor(() => expect(screen.ui.queryByRole('dialog')).toBeNull());
    expect(fake.calls.filter((c) => c.method === 'switchNetwork').map((c) => c.args)).toEqual([['eip155:8453', 'w']]);
    expect(modal.getState().activeNetwork?.caipNetworkId).toBe('eip155:8453');
    await waitFor(() => expect(host.getByTestId('latch-network-button').textContent).toContain('eip155 8453'));
  });

  it('goes back to Account after a switch started there', async () => {
    const { modal } = createTestModal({ networks });
    await modal.connect('w');
    const { ui } = await openModal(modal);
    await ui.findByTestId('latch-account');
    act(() => getInternals(modal).router.push('Networks'));
    fireEvent.click(await ui.findByRole('button', { name: /eip155 8453/ }));
    expect(await ui.findByRole('dialog', { name: 'Account' })).toBeTruthy();
    expect(modal.getState().open).toBe(true);
  });

  it('a declined switch shows an error snack and keeps the network', async () => {
    const { modal, fake } = createTestModal({ networks });
    await modal.connect('w');
    fake.fail.switchNetwork = USER_REJECTED;
    const { ui } = await openModal(modal, { view: 'Networks' });
    fireEvent.click(await ui.findByRole('button', { name: /eip155 8453/ }));
    const snack = await ui.findByTestId('latch-snackbar');
    expect(snack.textContent).toBe('Switch declined');
    expect(snack.closest('[role="alert"]')).toBeTruthy();
    expect(modal.getState().activeNetwork?.caipNetworkId).toBe('eip155:1');
    expect(modal.getState().open).toBe(true);
    await waitFor(() => expect(networkRows({ ui } as ModalScreen).every((r) => !(r as HTMLButtonElement).disabled)).toBe(true));
  });

  it("another failure shows the wallet's message", async () => {
    const { modal, fake } = createTestModal({ networks });
    await modal.connect('w');
    fake.fail.switchNetwork = new Error('Chain not added to the wallet');
    const { ui } = await openModal(modal, { view: 'Networks' });
    fireEvent.click(await ui.findByRole('button', { name: /eip155 8453/ }));
    expect((await ui.findByTestId('latch-snackbar')).textContent).toBe('Chain not added to the wallet');
  });
});

describe('UnsupportedChain view', () => {
  async function onUnrequestedChain() {
    const made = createTestModal({ networks: [mainnet, base] }, { walletNetwork: 'eip155:999' });
    const host = renderWithModal(made.modal, <NetworkButton />);
    const before = new Set(document.querySelectorAll(MODAL_ELEMENT_NAME));
    await made.modal.connect('w');
    const screen = await waitForOwnMount(made.modal, before);
    return { ...made, host, screen };
  }

  it('opens by itself when the wallet is on a chain the app did not request', async () => {
    const { modal, screen, host } = await onUnrequestedChain();
    expect(await screen.ui.findByRole('dialog', { name: 'Switch Network' })).toBeTruthy();
    expect(modal.getState().view).toBe('UnsupportedChain');
    expect(await screen.ui.findByText(/doesn’t support/)).toBeTruthy();
    expect(networkRows(screen).some((r) => r.hasAttribute('aria-current'))).toBe(false);
    await waitFor(() => expect(host.getByTestId('latch-network-button').textContent).toContain('Wrong network'));
  });

  it('switching from it asks the wallet and closes the modal', async () => {
    const { modal, fake, screen, host } = await onUnrequestedChain();
    fireEvent.click(await screen.ui.findByRole('button', { name: /eip155 8453/ }));
    await waitFor(() => expect(screen.ui.queryByRole('dialog')).toBeNull());
    expect(modal.getState().open).toBe(false);
    expect(fake.calls.filter((c) => c.method === 'switchNetwork').map((c) => c.args)).toEqual([['eip155:8453', 'w']]);
    await waitFor(() => expect(host.getByTestId('latch-network-button').textContent).toContain('eip155 8453'));
  });

  it('NetworkButton reopens it while the wallet stays on the wrong chain', async () => {
    const { modal, screen, host } = await onUnrequestedChain();
    fireEvent.keyDown(await screen.ui.findByRole('dialog'), { key: 'Escape' });
    await waitFor(() => expect(modal.getState().open).toBe(false));
    fireEvent.click(host.getByTestId('latch-network-button'));
    expect(await screen.ui.findByRole('dialog', { name: 'Switch Network' })).toBeTruthy();
  });

  it('Disconnect leaves the wrong chain and closes', async () => {
    const { modal, fake, screen } = await onUnrequestedChain();
    fireEvent.click(await screen.ui.findByRole('button', { name: /Disconnect/ }));
    await waitFor(() => expect(modal.getState().open).toBe(false));
    expect(fake.methods()).toContain('disconnect');
    expect(modal.getState().status).toBe('disconnected');
  });
});
