import { describe, expect, it } from 'vitest';
import { createModal } from './createModal.js';
import { connector, createFakeAdapter, createTestStorage, mainnet, network } from '@latch/testkit/kernel';

/** Two instances with default options on one page share `localStorage`: here, one test backend. */
function pair(storage: ReturnType<typeof createTestStorage>) {
  const fakeA = createFakeAdapter({ namespace: 'eip155', connectors: [connector('wallet-a', 'eip155')] });
  const fakeB = createFakeAdapter({ namespace: 'eip155', connectors: [connector('wallet-b', 'eip155')] });
  const a = createModal({ networks: [mainnet], adapters: [fakeA.adapter], storage });
  const b = createModal({ networks: [mainnet], adapters: [fakeB.adapter], storage });
  return { a, b, fakeA, fakeB };
}

describe('two instances on one page (default options)', () => {
  it('keep their persisted state apart, stable across a reload', async () => {
    const storage = createTestStorage();
    const first = pair(storage);
    expect(first.a.options.storagePrefix).toBe('@latch/');
    expect(first.b.options.storagePrefix).toBe('@latch/2/');
    await first.a.connect('wallet-a');
    expect(storage.map.get('@latch/eip155:connected_connector_id')).toBe('"wallet-a"');
    expect(storage.map.has('@latch/2/eip155:connected_connector_id')).toBe(false);
    first.a.destroy();
    first.b.destroy();

    // Reload: the same code creates the same two instances in the same order.
    const reloaded = pair(storage);
    expect(reloaded.a.getState().status).toBe('connecting');
    expect(reloaded.b.getState().status).toBe('disconnected');
    await reloaded.a.reconnect();
    await reloaded.b.reconnect();
    expect(reloaded.a.getState().account?.connector?.id).toBe('wallet-a');
    expect(reloaded.b.getState().account?.status).not.toBe('connected');
    expect(reloaded.fakeB.methods()).not.toContain('reconnect');
  });

  it("one instance's disconnect never erases the other's stored session", async () => {
    const storage = createTestStorage();
    const { a, b } = pair(storage);
    await a.connect('wallet-a');
    await b.connect('wallet-b');
    await b.disconnect();
    expect(storage.map.get('@latch/eip155:connected_connector_id')).toBe('"wallet-a"');
    expect(storage.map.get('@latch/connection_status')).toBe('"connected"');
    expect(storage.map.get('@latch/2/connection_status')).toBe('"disconnected"');
    expect(a.getState().status).toBe('connected');
  });

  it('destroy frees the slot, so a re-created instance gets its storage back', () => {
    const storage = createTestStorage();
    const { a, b } = pair(storage);
    a.destroy();
    const again = createModal({ networks: [mainnet], storage });
    expect(again.options.storagePrefix).toBe('@latch/');
    const third = createModal({ networks: [mainnet], storage });
    expect(third.options.storagePrefix).toBe('@latch/3/');
    b.destroy();
  });

  it('an explicit storagePrefix is used as given', () => {
    const storage = createTestStorage();
    const a = createModal({ networks: [mainnet], storage, storagePrefix: 'shop:' });
    const b = createModal({ networks: [mainnet], storage });
    expect([a.options.storagePrefix, b.options.storagePrefix]).toEqual(['shop:', '@latch/']);
  });
});

describe('a namespace the kernel has never heard of', () => {
  const nearMainnet = network('near', 'mainnet', { nativeCurrency: { name: 'NEAR', symbol: 'NEAR', decimals: 24 } });

  it('is accepted, connected, read, signed with and restored like any other', async () => {
    const storage = createTestStorage();
    const fake = createFakeAdapter({
      namespace: 'near',
      connectors: [connector('meteor', 'near')],
      address: 'alice.near',
      balance: '12.5',
    });
    const modal = createModal({ networks: [nearMainnet], adapters: [fake.adapter], storage });
    await modal.connect('meteor');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(modal.getState().account).toMatchObject({
      status: 'connected',
      caipAddress: 'near:mainnet:alice.near',
      balance: '12.5',
      balanceSymbol: 'NEAR',
    });
    expect(JSON.parse(storage.map.get('@latch/connected_namespaces') ?? '[]')).toEqual(['near']);
    modal.destroy();

    const reloaded = createModal({ networks: [nearMainnet], adapters: [fake.adapter], storage });
    await reloaded.reconnect();
    expect(reloaded.getState()).toMatchObject({ status: 'connected', activeNamespace: 'near' });
    await reloaded.disconnect();
    expect(reloaded.getState().status).toBe('disconnected');
  });

  it('must still follow the CAIP-2 grammar', () => {
    const bad = { ...nearMainnet, caipNetworkId: 'Near:Main Net' } as never;
    expect(() => createModal({ networks: [bad] })).toThrow(/CAIP-2/);
    const adapter = { ...createFakeAdapter({ namespace: 'NEAR!' }).adapter };
    expect(() => createModal({ networks: [mainnet], adapters: [adapter] })).toThrow(/not a CAIP-2 namespace/);
  });
});

describe('removeAdapter', () => {
  it("disconnects the namespace, runs the adapter's teardown, and its wallets never come back", async () => {
    const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
    const other = createFakeAdapter({ namespace: 'near', connectors: [connector('n', 'near')] });
    const modal = createModal({ networks: [mainnet, network('near', 'mainnet')], adapters: [fake.adapter, other.adapter], storage: null });
    await modal.connect('w');
    await modal.removeAdapter('eip155');
    expect(fake.methods()).toEqual(expect.arrayContaining(['disconnect', 'teardown']));
    expect(modal.getState().connectors.map((c) => c.id)).toEqual(['n']);
    fake.announce([connector('w', 'eip155'), connector('late', 'eip155')]);
    expect(modal.getState().connectors.map((c) => c.id)).toEqual(['n']);
    expect(modal.getAdapter('eip155')).toBeUndefined();
    modal.destroy();
    expect(fake.methods().filter((m) => m === 'teardown')).toHaveLength(1);
  });
});
