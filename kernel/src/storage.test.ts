import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createMemoryStorage, createStorage, defaultWebStorage, RECENT_WALLETS_MAX, STORAGE_KEYS, type StorageKey } from './storage.js';
import { createTestStorage } from './test-support/fakeAdapter.js';

describe('storage (§3 keys)', () => {
  it('prefixes every key and round-trips typed values', () => {
    const backend = createTestStorage();
    const storage = createStorage(backend, '@latch/');
    storage.set('activeNamespace', 'solana');
    storage.set('connectedNamespaces', ['eip155', 'solana']);
    storage.setConnectorId('eip155', 'io.metamask');
    expect([...backend.map.keys()].sort()).toEqual(['@latch/active_namespace', '@latch/connected_namespaces', '@latch/eip155:connected_connector_id']);
    expect(storage.get('activeNamespace')).toBe('solana');
    expect(storage.get('connectedNamespaces')).toEqual(['eip155', 'solana']);
    expect(storage.getConnectorId('eip155')).toBe('io.metamask');
    storage.removeConnectorId('eip155');
    expect(storage.getConnectorId('eip155')).toBeUndefined();
  });

  it('keeps the §3 embedded-wallet keys', () => {
    for (const key of ['embeddedSessionToken', 'embeddedEmailLoginUsed', 'embeddedLastUsedChain', 'embeddedLastEmailLoginTime', 'embeddedEmail', 'embeddedPreferredAccountType', 'embeddedSmartAccountEnabledNetworks'] as const) {
      expect(STORAGE_KEYS[key]).toMatch(/^embedded_/);
    }
  });

  it(`keeps at most ${RECENT_WALLETS_MAX} recent wallets, newest first, one per id`, () => {
    expect(RECENT_WALLETS_MAX).toBe(2);
    const storage = createStorage(createTestStorage(), 'p/');
    storage.addRecentWallet({ id: 'a', name: 'A' });
    storage.addRecentWallet({ id: 'b', name: 'B', rdns: 'com.b' });
    storage.addRecentWallet({ id: 'a', name: 'A' });
    expect(storage.get('recentWallets')).toEqual([{ id: 'a', name: 'A' }, { id: 'b', name: 'B', rdns: 'com.b' }]);
    storage.addRecentWallet({ id: 'c', name: 'C' });
    expect(storage.get('recentWallets')?.map((w) => w.id)).toEqual(['c', 'a']);
  });

  it('ignores corrupt and foreign values instead of throwing', () => {
    const backend = createTestStorage({
      '@latch/recent_wallets': '[{"id":1}]',
      '@latch/active_namespace': '"tron"',
      '@latch/connected_namespaces': '{',
      '@latch/connection_status': 'connected',
      '@latch/eip155:connected_connector_id': '42',
      '@latch/embedded_last_email_login_time': '"yesterday"',
    });
    const storage = createStorage(backend, '@latch/');
    expect(storage.get('recentWallets')).toBeUndefined();
    expect(storage.get('activeNamespace')).toBeUndefined();
    expect(storage.get('connectedNamespaces')).toBeUndefined();
    expect(storage.get('connectionStatus')).toBeUndefined();
    expect(storage.getConnectorId('eip155')).toBeUndefined();
    expect(storage.get('embeddedLastEmailLoginTime')).toBeUndefined();
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
        storage.getCached('balanceCache', 'id', 0);
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
    Object.defineProperty(globalThis, 'localStorage', { configurable: true, get: () => { throw new DOMException('denied', 'SecurityError'); } });
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
    storage.set('deepLinkChoice', { href: 'https://w.example', name: 'W' });
    expect(storage.get('deepLinkChoice')).toEqual({ href: 'https://w.example', name: 'W' });
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
});
