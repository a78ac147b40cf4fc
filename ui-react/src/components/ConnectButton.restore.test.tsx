import type { ChainAdapter } from '@latch/kernel';
import { act, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connector, createFakeAdapter, createTestStorage, mainnet } from '@latch/testkit/kernel';
import { createModal } from '../createModal.js';
import { cleanupModals, holdConnect, renderWithModal, track } from '../test-support/renderModal.js';
import { ConnectButton } from './ConnectButton.js';

/*
 * A reload in a browser app (no server state): the page shows the account kept with the stored session at once, as
 * wagmi shows its stored account while it reconnects, and the wallet's answer then decides.
 */

afterEach(async () => {
  vi.restoreAllMocks();
  await cleanupModals();
});

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

/** Holds the adapter's silent reconnect until `answer()`: the wallet has not replied yet. */
function holdReconnect(adapter: ChainAdapter) {
  const original = adapter.reconnect?.bind(adapter);
  let release: (() => void) | undefined;
  const asked = new Promise<void>((resolve) => {
    (adapter as { reconnect: ChainAdapter['reconnect'] }).reconnect = (id, options) =>
      new Promise((done, fail) => {
        release = () => void original?.(id, options).then(done, fail);
        resolve();
      });
  });
  return { asked, answer: () => release?.() };
}

/** A returning visitor's browser: connected last time with wallet 'w' on `ADDRESS`; the wallet now says `walletAddress`. */
function reloadedModal(walletAddress = ADDRESS, stored: Record<string, string> = {}) {
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')], address: walletAddress });
  const hold = holdReconnect(fake.adapter);
  const storage = createTestStorage({
    '@latch/connection_status': '"connected"',
    '@latch/eip155:connected_connector_id': '"w"',
    '@latch/active_namespace': '"eip155"',
    '@latch/active_caip_address': JSON.stringify(`eip155:1:${ADDRESS}`),
    ...stored,
  });
  const modal = track(createModal({ networks: [mainnet], adapters: [fake.adapter], storage }));
  return { fake, hold, modal };
}

/** Renders the button and records every text it shows. */
function renderButton(modal: ReturnType<typeof reloadedModal>['modal']) {
  const view = renderWithModal(modal, <ConnectButton />);
  const labels = [view.container.textContent];
  const observer = new MutationObserver(() => labels.push(view.container.textContent));
  observer.observe(view.container, { subtree: true, childList: true, characterData: true });
  const button = () => view.container.querySelector('button');
  return { ...view, labels, button, stop: () => observer.disconnect() };
}

describe('ConnectButton after a reload (stored session, no server state)', () => {
  it('shows the stored account from the first render, busy, while the wallet is asked; then the confirmed account', async () => {
    const { hold, modal } = reloadedModal();
    const page = renderButton(modal);
    expect(page.button()?.dataset.testid).toBe('latch-account-button');
    expect(page.button()?.textContent).toBe('0xf3…b92266');
    expect(page.button()?.getAttribute('aria-busy')).toBe('true');
    await hold.asked;
    // The wallet has been asked and has not answered: still the stored account.
    expect(page.button()?.textContent).toBe('0xf3…b92266');
    hold.answer();
    await waitFor(() => expect(page.button()?.textContent).toBe('1.500 ETH0xf3…b92266'));
    expect(page.button()?.hasAttribute('aria-busy')).toBe(false);
    page.stop();
    expect(page.labels.filter((label) => label?.includes('Connect'))).toEqual([]);
  });

  it('follows the wallet when it answers with another account', async () => {
    const { hold, modal } = reloadedModal(OTHER);
    const page = renderButton(modal);
    expect(page.button()?.textContent).toBe('0xf3…b92266');
    await hold.asked;
    hold.answer();
    await waitFor(() => expect(page.button()?.textContent).toBe('1.500 ETH0x70…dc79C8'));
    expect(modal.getState().account?.address).toBe(OTHER);
  });

  it('shows "Connect Wallet" when the wallet refuses, and a later connect never shows the forgotten account', async () => {
    const { fake, hold, modal } = reloadedModal();
    fake.fail.reconnect = new Error('revoked');
    const page = renderButton(modal);
    expect(page.button()?.textContent).toBe('0xf3…b92266');
    await hold.asked;
    hold.answer();
    await waitFor(() => expect(page.button()?.textContent).toBe('Connect Wallet'));
    expect(modal.getState().status).toBe('disconnected');

    delete fake.fail.reconnect;
    const held = holdConnect(fake.adapter);
    let connected: Promise<unknown> = Promise.resolve();
    act(() => void (connected = modal.connect('w')));
    await waitFor(() => expect(page.button()?.textContent).toBe('Connecting…'));
    expect(page.button()?.dataset.testid).toBe('latch-connect-button');
    held.approve();
    await act(() => connected);
    await waitFor(() => expect(page.button()?.textContent).toBe('1.500 ETH0xf3…b92266'));
  });

  it('shows "Connecting…" when the stored session kept no account (written before the account was kept)', async () => {
    const { hold, modal } = reloadedModal(ADDRESS, { '@latch/active_caip_address': '"not a caip address"' });
    const page = renderButton(modal);
    expect(page.button()?.textContent).toBe('Connecting…');
    await hold.asked;
    hold.answer();
    await waitFor(() => expect(page.button()?.textContent).toBe('1.500 ETH0xf3…b92266'));
  });
});
