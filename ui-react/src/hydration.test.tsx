import { act, waitFor } from '@testing-library/react';
import { type CaipNetwork, type CaipNetworkId, cookieToInitialState, type LatchInitialState } from '@latch/kernel';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { base, connector, createFakeAdapter, createTestStorage, mainnet, solanaMainnet } from '@latch/testkit/kernel';
import { ConnectButton } from './components/ConnectButton.js';
import { NetworkButton } from './components/NetworkButton.js';
import { LatchProvider } from './context.js';
import { createModal, type LatchModal } from './createModal.js';
import { useAccount } from './hooks/hooks.js';
import { cleanupModals, track } from './test-support/renderModal.js';

let root: Root | undefined;
afterEach(async () => {
  act(() => root?.unmount());
  root = undefined;
  vi.restoreAllMocks();
  await cleanupModals();
});

const networks = [mainnet, base];
const buttons = (modal: LatchModal) => (
  <LatchProvider modal={modal}>
    <ConnectButton />
    <NetworkButton />
  </LatchProvider>
);

/** What a returning visitor's browser holds: a connected session, last on Base. */
function connectedStorage() {
  return createTestStorage({
    '@latch/connection_status': '"connected"',
    '@latch/eip155:connected_connector_id': '"w"',
    '@latch/active_namespace': '"eip155"',
    '@latch/active_caip_network_id': '"eip155:8453"',
    '@latch/recent_wallets': '[{"id":"w","name":"Wallet w"}]',
  });
}

describe('hydrating server HTML', () => {
  it.each([
    ['before', true],
    ['while', false],
  ])('matches when the stored session is restored %s hydration', async (_when, restoreFirst) => {
    // The server knows nothing of the visitor's storage.
    const serverModal = track(
      createModal({
        networks,
        adapters: [createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] }).adapter],
        storage: null,
      }),
    );
    const html = renderToString(buttons(serverModal));
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = html;
    const serverButton = container.querySelector('button');

    const clientModal = track(
      createModal({
        networks,
        adapters: [createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] }).adapter],
        storage: connectedStorage(),
      }),
    );
    if (restoreFirst) await clientModal.reconnect();
    const consoleError = vi.spyOn(console, 'error');
    const onRecoverableError = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, buttons(clientModal), { onRecoverableError });
    });

    await waitFor(() => expect(container.querySelector('[data-testid="latch-account-button"]')?.textContent).toBe('1.500 ETH0xf3…b92266'));
    expect(container.querySelector('[data-testid="latch-network-button"]')?.textContent).toContain('eip155 8453');
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    // Hydrated in place: React adopted the server's element rather than replacing it.
    expect(container.querySelector('button')).toBe(serverButton);
  });

  it("useAccount gives the server's namespace through hydration when the browser stored another one", async () => {
    const Namespace = () => <span>{useAccount().namespace ?? ''}</span>;
    const adapters = () => [
      createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] }).adapter,
      createFakeAdapter({ namespace: 'solana', connectors: [connector('s', 'solana')] }).adapter,
    ];
    const serverModal = track(createModal({ networks: [mainnet, solanaMainnet], adapters: adapters(), storage: null }));
    const page = (modal: LatchModal) => (
      <LatchProvider modal={modal}>
        <Namespace />
      </LatchProvider>
    );
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(page(serverModal));
    expect(container.textContent).toBe('eip155');
    const storage = createTestStorage({
      '@latch/active_namespace': '"solana"',
      '@latch/active_caip_network_id': `"${solanaMainnet.caipNetworkId}"`,
    });
    const clientModal = track(createModal({ networks: [mainnet, solanaMainnet], adapters: adapters(), storage }));
    const onRecoverableError = vi.fn();
    await act(async () => {
      root = hydrateRoot(container, page(clientModal), { onRecoverableError });
    });
    await waitFor(() => expect(container.textContent).toBe('solana'));
    expect(onRecoverableError).not.toHaveBeenCalled();
  });
});

/*
 * A returning visitor with cookie state: the server renders the account from the cookies, the
 * hydration keeps it, and the wallet then confirms it or says otherwise. "Connect Wallet" must never
 * show in between when the wallet confirms.
 */

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
/** The cookies `cookieStorage` leaves for a visitor connected with ADDRESS on `network`. */
const cookieOn = (network: CaipNetwork) =>
  `%40latch%2Fconnection_status=%22connected%22; %40latch%2Factive_caip_address=${encodeURIComponent(`"${network.caipNetworkId}:${ADDRESS}"`)}`;
const NETWORKS = [mainnet, base];

const tree = (modal: LatchModal, initialState?: LatchInitialState) => (
  <LatchProvider modal={modal} initialState={initialState}>
    <ConnectButton />
    <NetworkButton />
  </LatchProvider>
);

/** The browser's modal: its storage holds the session on `network`; the wallet answers with `walletAddress` (and `walletNetwork`). */
function browserModal(
  walletAddress = ADDRESS,
  { network = mainnet, walletNetwork }: { network?: CaipNetwork; walletNetwork?: CaipNetworkId } = {},
) {
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')], address: walletAddress, walletNetwork });
  const storage = createTestStorage({
    '@latch/connection_status': '"connected"',
    '@latch/eip155:connected_connector_id': '"w"',
    '@latch/active_namespace': '"eip155"',
    '@latch/active_caip_network_id': JSON.stringify(network.caipNetworkId),
    '@latch/active_caip_address': JSON.stringify(`${network.caipNetworkId}:${ADDRESS}`),
  });
  return { fake, modal: track(createModal({ networks: NETWORKS, adapters: [fake.adapter], storage })) };
}

/** Server HTML from the cookie (a session on `network`), then hydration; records every text the buttons show. */
async function hydrateFromCookie(client: LatchModal, network: CaipNetwork = mainnet) {
  const initialState = cookieToInitialState(cookieOn(network));
  const serverModal = track(createModal({ networks: NETWORKS, adapters: [], storage: null }));
  const html = renderToString(tree(serverModal, initialState));
  const container = document.body.appendChild(document.createElement('div'));
  container.innerHTML = html;
  const labels = [container.textContent];
  const observer = new MutationObserver(() => labels.push(container.textContent));
  observer.observe(container, { subtree: true, childList: true, characterData: true });
  const consoleError = vi.spyOn(console, 'error');
  const onRecoverableError = vi.fn();
  await act(async () => {
    root = hydrateRoot(container, tree(client, initialState), { onRecoverableError });
  });
  return { html, container, labels, observer, consoleError, onRecoverableError };
}

describe('initialState from cookies', () => {
  it('the server HTML shows the account, and the hydration keeps it until the wallet confirms: no "Connect Wallet" between', async () => {
    const { modal } = browserModal();
    const run = await hydrateFromCookie(modal);
    expect(run.html).toContain('data-testid="latch-account-button"');
    expect(run.html).toContain('0xf3…b92266');
    expect(run.html).toContain('aria-busy="true"');
    expect(run.html).not.toContain('Connect Wallet');
    await waitFor(() =>
      expect(run.container.querySelector('[data-testid="latch-account-button"]')?.textContent).toBe('1.500 ETH0xf3…b92266'),
    );
    expect(run.container.querySelector('[aria-busy]')).toBeNull();
    run.observer.disconnect();
    expect(run.labels.filter((label) => label?.includes('Connect'))).toEqual([]);
    expect(run.onRecoverableError).not.toHaveBeenCalled();
    expect(run.consoleError).not.toHaveBeenCalled();
  });

  it('follows the wallet when it answers with another account', async () => {
    const { modal } = browserModal(OTHER);
    const run = await hydrateFromCookie(modal);
    await waitFor(() => expect(run.container.textContent).toContain('0x70…dc79C8'));
    expect(run.container.textContent).not.toContain('0xf3…b92266');
    expect(run.onRecoverableError).not.toHaveBeenCalled();
  });

  it('shows "Connect Wallet" when the wallet refuses the stored session', async () => {
    const { modal, fake } = browserModal();
    fake.fail.reconnect = new Error('revoked');
    const run = await hydrateFromCookie(modal);
    await waitFor(() => expect(run.container.querySelector('[data-testid="latch-connect-button"]')?.textContent).toBe('Connect Wallet'));
    expect(modal.getState().status).toBe('disconnected');
    expect(run.onRecoverableError).not.toHaveBeenCalled();
  });

  const networkLabel = (container: HTMLElement) => container.querySelector('[data-testid="latch-network-button"]')?.textContent;

  it("the server HTML and the hydration show the cookies' network, not the default one, until the wallet confirms it", async () => {
    const { modal } = browserModal(ADDRESS, { network: base });
    const run = await hydrateFromCookie(modal, base);
    expect(run.labels[0]).toContain('eip155 8453, change network');
    await waitFor(() =>
      expect(run.container.querySelector('[data-testid="latch-account-button"]')?.textContent).toBe('1.500 ETH0xf3…b92266'),
    );
    expect(networkLabel(run.container)).toBe('eip155 8453, change network');
    run.observer.disconnect();
    // The configured default (mainnet) never shows: not in the server's HTML, not while the wallet confirms.
    expect(run.labels.filter((label) => label?.includes('eip155 1,'))).toEqual([]);
    expect(run.onRecoverableError).not.toHaveBeenCalled();
    expect(run.consoleError).not.toHaveBeenCalled();
  });

  it('follows the wallet when it answers on another network than the cookies name', async () => {
    const { modal } = browserModal(ADDRESS, { network: base, walletNetwork: mainnet.caipNetworkId });
    const run = await hydrateFromCookie(modal, base);
    expect(run.labels[0]).toContain('eip155 8453, change network');
    await waitFor(() => expect(networkLabel(run.container)).toBe('eip155 1, change network'));
    expect(modal.getState().activeNetwork?.caipNetworkId).toBe(mainnet.caipNetworkId);
    expect(run.onRecoverableError).not.toHaveBeenCalled();
  });

  it('without initialState the server still renders "Connect Wallet"', () => {
    const serverModal = track(createModal({ networks: [mainnet], adapters: [], storage: null }));
    expect(renderToString(tree(serverModal))).toMatch(/>Connect Wallet<\/button>/);
  });
});
