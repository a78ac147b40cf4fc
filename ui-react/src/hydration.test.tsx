import { act, waitFor } from '@testing-library/react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  base,
  connector,
  createFakeAdapter,
  createTestStorage,
  mainnet,
  solanaMainnet,
} from '../../kernel/src/test-support/fakeAdapter.js';
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
