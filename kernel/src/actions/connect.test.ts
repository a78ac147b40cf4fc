import { describe, expect, it } from 'vitest';
import { nextConnectionStatus } from './connectionStatus.js';
import { initialConnectionStatus } from './initialStatus.js';
import { createModal } from '../createModal.js';
import { LatchError } from '../primitives.js';
import { base, connector, createFakeAdapter, createTestStorage, mainnet, solanaMainnet } from '@latch/testkit/kernel';
import { createTestModal } from '../test-support/testModal.js';

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('connection status machine (§4)', () => {
  it('starts "connecting" when storage says connected; otherwise the stored status', () => {
    expect(initialConnectionStatus('connected')).toBe('connecting');
    expect(initialConnectionStatus('disconnected')).toBe('disconnected');
    expect(initialConnectionStatus(undefined)).toBe('disconnected');
  });

  it('moves between connecting, connected, disconnected and reconnecting', () => {
    expect(nextConnectionStatus('disconnected', 'connect', false)).toBe('connecting');
    expect(nextConnectionStatus('connecting', 'success', false)).toBe('connected');
    expect(nextConnectionStatus('connecting', 'failure', false)).toBe('disconnected');
    expect(nextConnectionStatus('connected', 'disconnect', false)).toBe('disconnected');
    expect(nextConnectionStatus('disconnected', 'reconnect', false)).toBe('reconnecting');
    expect(nextConnectionStatus('connecting', 'reconnect', false)).toBe('connecting');
    expect(nextConnectionStatus('reconnecting', 'success', false)).toBe('connected');
    // Another namespace stays connected: the visitor as a whole stays connected.
    expect(nextConnectionStatus('connected', 'connect', true)).toBe('connected');
    expect(nextConnectionStatus('connected', 'failure', true)).toBe('connected');
    expect(nextConnectionStatus('connected', 'disconnect', true)).toBe('connected');
  });

  it('reads the stored status at start, ignoring a corrupt value', () => {
    const stored = createModal({ networks: [mainnet], storage: createTestStorage({ '@latch/connection_status': '"connected"' }) });
    expect(stored.getState().status).toBe('connecting');
    const corrupt = createModal({ networks: [mainnet], storage: createTestStorage({ '@latch/connection_status': '{not json' }) });
    expect(corrupt.getState().status).toBe('disconnected');
    const foreign = createModal({ networks: [mainnet], storage: createTestStorage({ '@latch/connection_status': '"banana"' }) });
    expect(foreign.getState().status).toBe('disconnected');
  });
});

describe('connect', () => {
  it('passes through connecting to connected and records the session', async () => {
    const { modal, fake, storage, events } = createTestModal();
    const statuses: string[] = [];
    modal.on('CONNECTION_STATUS', ({ status }) => statuses.push(status));
    await modal.open();
    const result = await modal.connect('w');
    expect(result.address).toBe(fake.address);
    expect(statuses).toEqual(['connecting', 'connected']);
    const state = modal.getState();
    expect(state.account).toMatchObject({
      status: 'connected',
      address: fake.address,
      caipAddress: `eip155:1:${fake.address}`,
      connector: { id: 'w', type: 'ANNOUNCED' },
      connectedWalletInfo: { name: 'Wallet w', identifier: 'w' },
      addressExplorerUrl: `https://explorer.example/address/${fake.address}`,
    });
    expect(state.open).toBe(false);
    expect(events).toEqual(['MODAL_OPEN', 'CONNECT_SUCCESS', 'MODAL_CLOSE']);
    expect(storage.map.get('@latch/eip155:connected_connector_id')).toBe('"w"');
    expect(JSON.parse(storage.map.get('@latch/recent_wallets') ?? '')).toEqual([{ id: 'w', name: 'Wallet w', rdns: 'com.w' }]);
    expect(storage.map.get('@latch/connection_status')).toBe('"connected"');
    expect(JSON.parse(storage.map.get('@latch/connected_namespaces') ?? '')).toEqual(['eip155']);
  });

  it("a wallet that answers with a malformed address fails the connect as the connector's error, not the app's", async () => {
    const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')], address: 'not:an address' });
    const modal = createModal({ networks: [mainnet], adapters: [fake.adapter], storage: createTestStorage() });
    const errors: LatchError[] = [];
    modal.on('CONNECT_ERROR', ({ error }) => errors.push(error));
    const attempt = modal.connect('w');
    await expect(attempt).rejects.toBeInstanceOf(LatchError);
    await expect(attempt).rejects.toMatchObject({
      category: 'CONNECTOR_ERROR',
      message: 'Invalid CAIP-10 account address "not:an address" (expected 1 to 128 of [-.%a-zA-Z0-9])',
      cause: expect.objectContaining({ code: 'INVALID_OPTION' }),
    });
    expect(modal.getState().status).toBe('disconnected');
    expect(errors.map((error) => error.category)).toEqual(['CONNECTOR_ERROR']);
    modal.destroy();
  });

  it('a rejected connect leaves the visitor disconnected, with the code, and can be retried', async () => {
    const { modal, fake, events } = createTestModal();
    fake.fail.connect = { code: 4001, message: 'User rejected the request.' };
    const errors: LatchError[] = [];
    modal.on('CONNECT_ERROR', ({ error }) => errors.push(error));
    const attempt = modal.connect('w');
    await expect(attempt).rejects.toBeInstanceOf(LatchError);
    await expect(attempt).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.', category: 'CONNECTOR_ERROR' });
    expect(modal.getState().status).toBe('disconnected');
    expect(modal.getState().account?.status).not.toBe('connected');
    expect(errors).toHaveLength(1);
    delete fake.fail.connect;
    await modal.connect('w');
    expect(modal.getState().status).toBe('connected');
    expect(events).toContain('CONNECT_SUCCESS');
  });

  it('refuses an unknown connector, and a connector already connected', async () => {
    const { modal } = createTestModal();
    await expect(modal.connect('nope')).rejects.toThrow("Connector 'nope' not found");
    await modal.connect('w');
    await expect(modal.connect('w')).rejects.toThrow(/Connector already connected/);
  });

  it('follows the wallet: account change, network change, disconnect', async () => {
    const { modal, fake, storage } = createTestModal({ networks: [mainnet, base] });
    await modal.connect('w');
    fake.emit({ type: 'accountsChanged', accounts: [{ address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', type: 'eoa' }] });
    await flush();
    expect(modal.getState().account?.caipAddress).toBe('eip155:1:0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    fake.emit({ type: 'networkChanged', caipNetworkId: 'eip155:8453' });
    await flush();
    expect(modal.getState().activeNetwork?.caipNetworkId).toBe('eip155:8453');
    expect(modal.getState().account?.caipAddress).toBe('eip155:8453:0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    fake.emit({ type: 'accountsChanged', accounts: [] });
    await flush();
    expect(modal.getState().status).toBe('disconnected');
    expect(modal.getState().account?.address).toBeUndefined();
    expect(storage.map.has('@latch/eip155:connected_connector_id')).toBe(false);
  });

  it('a wallet on an unrequested network sets the unsupported state and opens UnsupportedChain', async () => {
    const { modal } = createTestModal({}, { walletNetwork: 'eip155:56' });
    await modal.open();
    await modal.connect('w');
    expect(modal.getState().networks.eip155?.isUnsupported).toBe(true);
    expect(modal.getState()).toMatchObject({ open: true, view: 'UnsupportedChain' });
  });
});

describe('reconnect (§4)', () => {
  function stored(extra: Record<string, string> = {}) {
    return createTestStorage({
      '@latch/connection_status': '"connected"',
      '@latch/eip155:connected_connector_id': '"w"',
      '@latch/solana:connected_connector_id': '"s"',
      ...extra,
    });
  }

  it('restores the stored sessions silently, most recently used wallet first', async () => {
    const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const sol = createFakeAdapter({ namespace: 'solana', connectors: [connector('s', 'solana')] });
    const storage = stored({
      '@latch/recent_wallets': JSON.stringify([
        { id: 's', name: 'S' },
        { id: 'w', name: 'W' },
      ]),
    });
    const order: string[] = [];
    const modal = createModal({ networks: [mainnet, solanaMainnet], adapters: [evm.adapter, sol.adapter], storage });
    modal.on('CONNECT_SUCCESS', ({ namespace }) => order.push(namespace));
    expect(modal.getState().status).toBe('connecting');
    await modal.reconnect();
    expect(order).toEqual(['solana', 'eip155']);
    expect(evm.methods()).not.toContain('connect');
    expect(evm.methods()).toContain('reconnect');
    expect(modal.getState().status).toBe('connected');
    expect(modal.getState().accounts.solana?.status).toBe('connected');
  });

  it('runs once at a time', async () => {
    const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const modal = createModal({ networks: [mainnet], adapters: [evm.adapter], storage: stored() });
    const first = modal.reconnect();
    expect(modal.reconnect()).toBe(first);
    await first;
    expect(evm.methods().filter((m) => m === 'reconnect')).toHaveLength(1);
  });

  it('runs by itself when the page starts "connecting"', async () => {
    const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const modal = createModal({ networks: [mainnet], adapters: [evm.adapter], storage: stored() });
    await flush();
    await flush();
    expect(modal.getState().status).toBe('connected');
  });

  it('a session the wallet no longer has ends disconnected and forgets the connector', async () => {
    const evm = createFakeAdapter({ namespace: 'eip155', connectors: [] });
    const storage = stored();
    const modal = createModal({ networks: [mainnet], adapters: [evm.adapter], storage });
    await modal.reconnect();
    expect(modal.getState().status).toBe('disconnected');
    expect(storage.map.has('@latch/eip155:connected_connector_id')).toBe(false);
    expect(storage.map.get('@latch/connection_status')).toBe('"disconnected"');
  });

  it('a failing reconnect is reported, not thrown', async () => {
    const evm = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    evm.fail.reconnect = new Error('provider gone');
    const modal = createModal({ networks: [mainnet], adapters: [evm.adapter], storage: stored() });
    const errors: string[] = [];
    modal.on('ERROR', ({ error }) => errors.push(error.message));
    await expect(modal.reconnect()).resolves.toBeUndefined();
    expect(errors).toContain('provider gone');
    expect(modal.getState().status).toBe('disconnected');
  });
});
