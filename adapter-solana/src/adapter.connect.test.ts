import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LatchError } from '@latch/kernel';
import type { AdapterEvent, Connector } from '@latch/kernel';
import { createSolanaAdapter } from './adapter.js';
import {
  CONNECTOR_ID,
  addressOf,
  createWallet,
  mountAdapter,
  recordingWallet,
  unmountAll,
  seed,
  startLocalSolana,
  type LocalSolana,
} from './test-support/solanaFixture.js';
import { createRegistrations } from './test-support/standardWallets.js';
import { solanaDevnet } from './networks/clusters.js';

const registrations = createRegistrations();

let local: LocalSolana;
beforeAll(async () => {
  local = await startLocalSolana();
});
afterAll(() => local?.stop());
afterEach(() => {
  unmountAll();
  registrations.clear();
});

const ALICE = seed(0x11);
const BOB = seed(0x12);

describe('connect (real Wallet Standard wallet on a local Solana RPC)', () => {
  it('asks standard:connect (not silent) and returns the base58 address on the network it was given', async () => {
    const recorded = recordingWallet(await createWallet(local, { seedHex: ALICE }));
    const { adapter, connector } = mountAdapter(recorded.wallet, [local.network]);
    const result = await adapter.connect(connector, { network: local.network });
    const alice = await addressOf(ALICE);
    expect(result).toEqual({ address: alice, caipNetworkId: local.network.caipNetworkId, accounts: [{ address: alice, type: 'eoa' }] });
    expect(recorded.callsTo('standard:connect')).toEqual([undefined]);
  });

  it('turns a rejection into a LatchError with code 4001, and connects on retry', async () => {
    const wallet = await createWallet(local, { seedHex: ALICE, failures: { rejectConnect: true } });
    const { adapter, connector } = mountAdapter(wallet, [local.network]);
    const error = await adapter.connect(connector, { network: local.network }).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(LatchError);
    expect(error).toMatchObject({ code: 4001, category: 'CONNECTOR_ERROR' });
    wallet.setFailure('rejectConnect', false);
    await expect(adapter.connect(connector, { network: local.network })).resolves.toMatchObject({ address: await addressOf(ALICE) });
  });

  it('refuses a connector whose provider is not a Wallet Standard wallet', async () => {
    const adapter = createSolanaAdapter();
    const connector = { id: 'ws:Broken', name: 'Broken', type: 'ANNOUNCED', chain: 'solana', provider: {} } as const;
    await expect(adapter.connect(connector, { network: local.network })).rejects.toMatchObject({ category: 'CONNECTOR_ERROR' });
  });
});

describe('standard:events change reaches context.emit', () => {
  it('reports an account switched in the wallet as accountsChanged', async () => {
    const wallet = await createWallet(local, { seedHex: ALICE });
    const { adapter, connector, events } = mountAdapter(wallet, [local.network]);
    await adapter.connect(connector, { network: local.network });
    await wallet.switchAccount(BOB);
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [{ address: await addressOf(BOB), type: 'eoa' }] }]);
  });

  it('reports the wallet ending the session (accounts emptied) as disconnected, and stops listening', async () => {
    const wallet = await createWallet(local, { seedHex: ALICE });
    const { adapter, connector, events } = mountAdapter(wallet, [local.network]);
    await adapter.connect(connector, { network: local.network });
    await wallet.disconnectFromWallet();
    expect(events).toEqual([{ type: 'disconnected' }]);
    await wallet.switchAccount(BOB);
    expect(events).toEqual([{ type: 'disconnected' }]);
  });
});

describe('the connected wallet unregistering', () => {
  it('ends the session and reports disconnected', async () => {
    const unregister = registrations.register(await createWallet(local, { seedHex: ALICE }));
    const adapter = createSolanaAdapter();
    const events: AdapterEvent[] = [];
    adapter.setup?.({ networks: [local.network], emit: (event) => events.push(event) });
    let connectors: readonly Connector[] = [];
    const unwatch = adapter.watchConnectors((list) => (connectors = list));
    await adapter.connect(connectors[0] as Connector, { network: local.network });
    unregister();
    expect(connectors).toEqual([]);
    expect(events).toEqual([{ type: 'disconnected' }]);
    unwatch();
  });
});

describe('disconnect', () => {
  it('calls standard:disconnect and stops following the wallet', async () => {
    const mock = await createWallet(local, { seedHex: ALICE });
    const recorded = recordingWallet(mock);
    const { adapter, connector, events } = mountAdapter(recorded.wallet, [local.network]);
    await adapter.connect(connector, { network: local.network });
    expect(recorded.listenerCount('change')).toBeGreaterThanOrEqual(1);
    const listenersWhileWatching = recorded.listenerCount('change') - 1; // discovery follows every wallet's changes too
    await adapter.disconnect(connector);
    expect(recorded.callsTo('standard:disconnect')).toHaveLength(1);
    expect(recorded.listenerCount('change')).toBe(listenersWhileWatching);
    await mock.switchAccount(BOB);
    expect(events).toEqual([]);
  });

  it('the setup teardown also stops listening', async () => {
    const recorded = recordingWallet(await createWallet(local, { seedHex: ALICE }));
    const { adapter, connector, unmount } = mountAdapter(recorded.wallet, [local.network]);
    await adapter.connect(connector, { network: local.network });
    unmount();
    expect(recorded.listenerCount('change')).toBe(0);
  });
});

describe('reconnect (silent)', () => {
  it('restores an authorised session with standard:connect { silent: true } and never a non-silent connect', async () => {
    const mock = await createWallet(local, { seedHex: ALICE });
    const first = mountAdapter(mock, [local.network]);
    await first.adapter.connect(first.connector, { network: local.network }); // authorised in an earlier visit
    first.unmount();

    const recorded = recordingWallet(mock);
    const { adapter, events } = mountAdapter(recorded.wallet, [local.network]);
    const restored = await adapter.reconnect?.(CONNECTOR_ID, { network: local.network });
    expect(restored?.connector.id).toBe(CONNECTOR_ID);
    expect(restored?.result).toEqual({
      address: await addressOf(ALICE),
      caipNetworkId: local.network.caipNetworkId,
      accounts: [{ address: await addressOf(ALICE), type: 'eoa' }],
    });
    expect(recorded.callsTo('standard:connect')).toEqual([{ silent: true }]);
    await mock.switchAccount(BOB); // the restored session is followed
    expect(events).toEqual([{ type: 'accountsChanged', accounts: [{ address: await addressOf(BOB), type: 'eoa' }] }]);
  });

  it('resolves null without a popup when the wallet has not authorised this site', async () => {
    const recorded = recordingWallet(await createWallet(local, { seedHex: ALICE }));
    const { adapter } = mountAdapter(recorded.wallet, [local.network]);
    await expect(adapter.reconnect?.(CONNECTOR_ID, { network: local.network })).resolves.toBeNull();
    expect(recorded.callsTo('standard:connect')).toEqual([{ silent: true }]);
  });

  it('waits for a wallet that registers late', async () => {
    const mock = await createWallet(local, { seedHex: ALICE });
    const earlier = mountAdapter(mock, [local.network]);
    await earlier.adapter.connect(earlier.connector, { network: local.network });
    earlier.unmount();

    const adapter = createSolanaAdapter({ reconnectTimeoutMs: 2_000 });
    adapter.setup?.({ networks: [local.network], emit: () => {} });
    setTimeout(() => registrations.register(mock), 100);
    const restored = await adapter.reconnect?.(CONNECTOR_ID, { network: local.network });
    expect(restored?.result.address).toBe(await addressOf(ALICE));
  });

  it('resolves null once the wait for an absent wallet times out, and for ids it does not own', async () => {
    const adapter = createSolanaAdapter({ reconnectTimeoutMs: 50 });
    adapter.setup?.({ networks: [local.network], emit: () => {} });
    await expect(adapter.reconnect?.('ws:Absent Wallet', { network: local.network })).resolves.toBeNull();
    await expect(adapter.reconnect?.('io.metamask', { network: local.network })).resolves.toBeNull();
  });
});

describe('switchNetwork (app-side; only checks the wallet knows the chain)', () => {
  it("accepts a network the wallet lists and refuses one it does not with 'Chain is not supported'", async () => {
    const { adapter, connector } = mountAdapter(await createWallet(local, { seedHex: ALICE }), [local.network, solanaDevnet]);
    await adapter.connect(connector, { network: local.network });
    await expect(adapter.switchNetwork?.(local.network, connector)).resolves.toBeUndefined();
    await expect(adapter.switchNetwork?.(solanaDevnet, connector)).rejects.toMatchObject({
      name: 'LatchError',
      message: 'Chain is not supported',
      code: 5710,
    });
  });
});
