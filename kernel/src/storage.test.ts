import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createStorage, defaultWebStorage, RECENT_WALLETS_MAX, STORAGE_KEYS, type StorageKey } from './storage.js';
import { createTestStorage } from '@latch/testkit/kernel';

describe('storage (§3 keys)', () => {
  it('prefixes every key and round-trips typed values', () => {
    const backend = createTestStorage();
    const storage = createStorage(backend, '@latch/');
    storage.set('activeNamespace', 'solana');
    storage.set('connectedNamespaces', ['eip155', 'solana']);
    storage.setConnectorId('eip155', 'io.metamask');
    expect([...backend.map.keys()].sort()).toEqual([
      '@latch/active_namespace',
      '@latch/connected_namespaces',
      '@latch/eip155:connected_connector_id',
    ]);
    expect(storage.get('activeNamespace')).toBe('solana');
    expect(storage.get('connectedNamespaces')).toEqual(['eip155', 'solana']);
    expect(storage.getConnectorId('eip155')).toBe('io.metamask');
    storage.removeConnectorId('eip155');
    expect(storage.getConnectorId('eip155')).toBeUndefined();
  });

  it(`keeps at most ${RECENT_WALLETS_MAX} recent wallets, newest first, one per id`, () => {
    expect(RECENT_WALLETS_MAX).toBe(2);
    const storage = createStorage(createTestStorage(), 'p/');
    storage.addRecentWallet({ id: 'a', name: 'A' });
    storage.addRecentWallet({ id: 'b', name: 'B', rdns: 'com.b' });
    storage.addRecentWallet({ id: 'a', name: 'A' });
    expect(storage.get('recentWallets')).toEqual([
      { id: 'a', name: 'A' },
      { id: 'b', name: 'B', rdns: 'com.b' },
    ]);
    storage.addRecentWallet({ id: 'c', name: 'C' });
    expect(storage.get('recentWallets')?.map((w) => w.id)).toEqual(['c', 'a']);
  });

  it('ignores corrupt and foreign values instead of throwing', () => {
    const backend = createTestStorage({
      '@latch/recent_wallets': '[{"id":1}]',
      '@latch/active_namespace': '"Tron Network"', // not CAIP-2 grammar
      '@latch/connected_namespaces': '{',
      '@latch/connection_status': 'connected',
      '@latch/eip155:connected_connector_id': '42',
      '@latch/native_balance_cache': '["not", "a", "record"]',
    });
    const storage = createStorage(backend, '@latch/');
    expect(storage.get('recentWallets')).toBeUndefined();
    expect(storage.get('activeNamespace')).toBeUndefined();
    expect(storage.get('connectedNamespaces')).toBeUndefined();
    expect(storage.get('connectionStatus')).toBeUndefined();
    expect(storage.getConnectorId('eip155')).toBeUndefined();
    expect(storage.get('nativeBalanceCache')).toBeUndefined();
    // A corrupt recent list is replaced, not merged.
    expect(storage.addRecentWallet({ id: 'a', name: 'A' })).toEqual([{ id: 'a', name: 'A' }]);
  });

  it('never throws on any stored text, for any key', () => {
    const keys = Object.keys(STORAGE_KEYS) as StorageKey[];
    fc.assert(
      fc.property(fc.constantFrom(...keys), fc.string(), (key, raw) => {
        const backend = createTestStorage({ [`x/${STORAGE_KEYS[key]}`]: raw });
        const storage = createStorage(backend, 'x/');
        storage.get(key);
        storage.getCached('nativeBalanceCache', 'id', 0);
      }),
    );
  });

  it('survives a store that throws on every call (privacy mode, quota)', () => {
    const backend = createTestStorage();
    backend.state.broken = true;
    const storage = createStorage(backend, '@latch/');
    expect(() => storage.set('activeNamespace', 'eip155')).not.toThrow();
    expect(storage.get('activeNamespace')).toBeUndefined();
    expect(() => storage.addRecentWallet({ id: 'a', name: 'A' })).not.toThrow();
    expect(() => storage.remove('activeNamespace')).not.toThrow();
  });

  it('finds no Web Storage in Node, and one that throws is treated as absent', () => {
    expect(defaultWebStorage()).toBeUndefined();
    const g = globalThis as { localStorage?: unknown };
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    });
    try {
      expect(defaultWebStorage()).toBeUndefined();
    } finally {
      delete g.localStorage;
    }
    const broken = createTestStorage();
    broken.state.broken = true;
    g.localStorage = broken;
    try {
      expect(defaultWebStorage()).toBeUndefined();
      broken.state.broken = false;
      expect(defaultWebStorage()).toBe(broken);
      expect(broken.map.size).toBe(0);
    } finally {
      delete g.localStorage;
    }
  });

  it('memory storage works as a stand-in', () => {
    const storage = createStorage(createMemoryStorage(), '@latch/');
    storage.set('recentWallets', [{ id: 'w', name: 'W' }]);
    expect(storage.get('recentWallets')).toEqual([{ id: 'w', name: 'W' }]);
  });

  it('caches values with a TTL and drops expired entries when writing', () => {
    const backend = createTestStorage();
    const storage = createStorage(backend, '@latch/');
    storage.setCached('nativeBalanceCache', 'a', '1.0', 30_000, 1_000);
    expect(storage.getCached('nativeBalanceCache', 'a', 30_999)).toBe('1.0');
    expect(storage.getCached('nativeBalanceCache', 'a', 31_000)).toBeUndefined();
    storage.setCached('nativeBalanceCache', 'b', '2.0', 30_000, 40_000);
    expect(Object.keys(JSON.parse(backend.map.get('@latch/native_balance_cache') ?? '{}'))).toEqual(['b']);
  });

  it('gives plugins a scope of their own: any JSON in, anything corrupt out as absent', () => {
    const backend = createTestStorage();
    const storage = createStorage(backend, '@latch/');
    const scoped = storage.scoped('connector:wc:');
    scoped.set('session', { topic: 'abc', expiry: 1 });
    expect(backend.map.get('@latch/connector:wc:session')).toBe('{"topic":"abc","expiry":1}');
    expect(scoped.get('session')).toEqual({ topic: 'abc', expiry: 1 });
    backend.map.set('@latch/connector:wc:session', '{broken');
    expect(scoped.get('session')).toBeUndefined();
    scoped.remove('session');
    expect(backend.map.has('@latch/connector:wc:session')).toBe(false);
    backend.state.broken = true;
    expect(() => scoped.set('x', 1)).not.toThrow();
    expect(scoped.get('x')).toBeUndefined();
  });
});
