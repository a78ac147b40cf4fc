import type { AccountType, CaipAddress, CaipNetworkId, ChainNamespace, ConnectionStatus, RecentWallet } from './types.js';
import { isCaipNamespace, parseCaipAddress } from './primitives.js';
import type { ConnectorStorage } from './plugins/ConnectorPlugin.js';

/** The part of the Web Storage API the kernel uses. */
export interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/**
 * §3 "local storage keeps": the keys the kernel itself persists, before the prefix. What belongs to
 * a connector (WalletConnect's deep-link choice, the embedded wallet's session) lives in that
 * connector's own scoped storage.
 */
export const STORAGE_KEYS = {
  activeNamespace: 'active_namespace',
  activeCaipNetworkId: 'active_caip_network_id',
  recentWallets: 'recent_wallets',
  connectionStatus: 'connection_status',
  connectedNamespaces: 'connected_namespaces',
  preferredAccountTypes: 'preferred_account_types',
  nativeBalanceCache: 'native_balance_cache',
  identityCache: 'identity_cache',
  activeCaipAddress: 'active_caip_address',
} as const;
export type StorageKey = keyof typeof STORAGE_KEYS;

/** §9: recent wallets kept. */
export const RECENT_WALLETS_MAX = 2;

const CONNECTION_STATUSES: readonly ConnectionStatus[] = ['connecting', 'connected', 'disconnected', 'reconnecting'];
const isString = (v: unknown): v is string => typeof v === 'string';
const isNamespace = isCaipNamespace;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function isRecentWallet(v: unknown): v is RecentWallet {
  return isRecord(v) && isString(v.id) && v.id !== '' && isString(v.name) && (v.rdns === undefined || isString(v.rdns));
}

/** Each stored value's shape: anything else read back (corrupt, foreign, old) counts as absent. */
const VALIDATORS: { [K in StorageKey]: (v: unknown) => boolean } = {
  activeNamespace: isNamespace,
  activeCaipNetworkId: isString,
  recentWallets: (v) => Array.isArray(v) && v.every(isRecentWallet),
  connectionStatus: (v) => (CONNECTION_STATUSES as readonly unknown[]).includes(v),
  connectedNamespaces: (v) => Array.isArray(v) && v.every(isNamespace),
  preferredAccountTypes: isRecord,
  nativeBalanceCache: isRecord,
  identityCache: isRecord,
  activeCaipAddress: (v) => isString(v) && parseCaipAddress(v) !== undefined,
};

export interface StoredValues {
  activeNamespace: ChainNamespace;
  activeCaipNetworkId: CaipNetworkId;
  recentWallets: RecentWallet[];
  connectionStatus: ConnectionStatus;
  connectedNamespaces: ChainNamespace[];
  /** The account type the visitor chose per namespace (the preferred-account-type change). */
  preferredAccountTypes: Partial<Record<ChainNamespace, AccountType>>;
  nativeBalanceCache: Record<string, { value: unknown; expiresAt: number }>;
  identityCache: Record<string, { value: unknown; expiresAt: number }>;
  /** The active account while connected: what a server render shows before the wallet confirms it. */
  activeCaipAddress: CaipAddress;
}

export type CacheKey = 'nativeBalanceCache' | 'identityCache';

export interface LatchStorage {
  get<K extends StorageKey>(key: K): StoredValues[K] | undefined;
  set<K extends StorageKey>(key: K, value: StoredValues[K]): void;
  remove(key: StorageKey): void;
  getConnectorId(namespace: ChainNamespace): string | undefined;
  setConnectorId(namespace: ChainNamespace, connectorId: string): void;
  removeConnectorId(namespace: ChainNamespace): void;
  /** Newest first, at most RECENT_WALLETS_MAX, one entry per wallet id. */
  addRecentWallet(wallet: RecentWallet): RecentWallet[];
  getCached<T>(key: CacheKey, id: string, now: number): T | undefined;
  setCached(key: CacheKey, id: string, value: unknown, ttlMs: number, now: number): void;
  /** Free-form JSON values under `<prefix><scope><key>`, for a plugin's own persistence. */
  scoped(scope: string): ConnectorStorage;
}

/** `localStorage` if this environment has a usable one; reading it can throw in sandboxed frames. */
export function defaultWebStorage(): StorageLike | undefined {
  try {
    const candidate = (globalThis as { localStorage?: StorageLike }).localStorage;
    if (!candidate || typeof candidate.getItem !== 'function') return undefined;
    const probe = '@latch/probe';
    candidate.setItem(probe, '1');
    candidate.removeItem(probe);
    return candidate;
  } catch {
    return undefined;
  }
}

/** Storage that lives as long as the page: used when there is no usable Web Storage. */
export function createMemoryStorage(): StorageLike {
  const map = new Map<string, string>();
  return {
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, String(value)),
    removeItem: (key) => void map.delete(key),
  };
}

/**
 * Typed, prefixed access to the §3 keys. It never throws: a store that refuses writes (quota,
 * privacy mode) or holds values we did not write is treated as holding nothing.
 */
export function createStorage(backend: StorageLike, prefix: string): LatchStorage {
  const read = (name: string): unknown => {
    try {
      const raw = backend.getItem(prefix + name);
      return raw === null ? undefined : (JSON.parse(raw) as unknown);
    } catch {
      return undefined;
    }
  };
  const write = (name: string, value: unknown): void => {
    try {
      backend.setItem(prefix + name, JSON.stringify(value));
    } catch {
      // A full or locked store only costs persistence across reloads; the session goes on.
    }
  };
  const erase = (name: string): void => {
    try {
      backend.removeItem(prefix + name);
    } catch {
      // As above: nothing to lose.
    }
  };
  const connectorKey = (ns: ChainNamespace) => `${ns}:connected_connector_id`;

  const storage: LatchStorage = {
    get(key) {
      const value = read(STORAGE_KEYS[key]);
      return value !== undefined && VALIDATORS[key](value) ? (value as never) : undefined;
    },
    set: (key, value) => write(STORAGE_KEYS[key], value),
    remove: (key) => erase(STORAGE_KEYS[key]),
    getConnectorId(ns) {
      const value = read(connectorKey(ns));
      return isString(value) && value !== '' ? value : undefined;
    },
    setConnectorId: (ns, id) => write(connectorKey(ns), id),
    removeConnectorId: (ns) => erase(connectorKey(ns)),
    addRecentWallet(wallet) {
      const entry: RecentWallet = { id: wallet.id, name: wallet.name, ...(wallet.rdns ? { rdns: wallet.rdns } : {}) };
      const others = (storage.get('recentWallets') ?? []).filter((w) => w.id !== wallet.id);
      const next = [entry, ...others].slice(0, RECENT_WALLETS_MAX);
      storage.set('recentWallets', next);
      return next;
    },
    getCached<T>(key: CacheKey, id: string, now: number) {
      const hit = storage.get(key)?.[id];
      return hit && typeof hit.expiresAt === 'number' && hit.expiresAt > now ? (hit.value as T) : undefined;
    },
    setCached(key, id, value, ttlMs, now) {
      const live = Object.entries(storage.get(key) ?? {}).filter(
        ([, e]) => isRecord(e) && typeof e.expiresAt === 'number' && e.expiresAt > now,
      );
      storage.set(key, { ...Object.fromEntries(live), [id]: { value, expiresAt: now + ttlMs } });
    },
    scoped: (scope) => ({
      get: (key) => read(scope + key),
      set: (key, value) => write(scope + key, value),
      remove: (key) => erase(scope + key),
    }),
  };
  return storage;
}

/* How many live instances hold each prefix, per storage backend: what lets two instances coexist. */
const claimedPrefixes = new WeakMap<StorageLike, Map<string, number>>();

/**
 * The storage namespace of a new instance. An explicit prefix is used as given. The default one
 * goes to the first instance on a backend; the n-th instance alive at once gets `<default>n/`.
 * Creation order decides, so it is stable across reloads; `destroy()` frees the slot.
 */
export function claimStoragePrefix(backend: StorageLike, base: string, explicit: boolean): { prefix: string; release(): void } {
  const claimed = claimedPrefixes.get(backend) ?? new Map<string, number>();
  claimedPrefixes.set(backend, claimed);
  let prefix = base;
  for (let n = 2; !explicit && claimed.has(prefix); n++) prefix = `${base}${n}/`;
  claimed.set(prefix, (claimed.get(prefix) ?? 0) + 1);
  let released = false;
  return {
    prefix,
    release() {
      if (released) return;
      released = true;
      const holders = (claimed.get(prefix) ?? 1) - 1;
      if (holders > 0) claimed.set(prefix, holders);
      else claimed.delete(prefix);
    },
  };
}
