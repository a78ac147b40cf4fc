import { invalidOption } from './primitives.js';
/** §9 cache lifetimes and limits. */
export const BALANCE_CACHE_TTL_MS = 30_000;
export const NAME_CACHE_TTL_MS = 300_000;
export const ADDRESS_CACHE_MAX_ENTRIES = 8192;

export interface TtlCacheOptions {
  ttlMs: number;
  /** Oldest entries are evicted beyond this; unbounded when omitted. */
  maxEntries?: number;
  /** Clock in milliseconds; injectable for tests. */
  now?: () => number;
}

export interface TtlCache<V, K = string> {
  get(key: K): V | undefined;
  set(key: K, value: V): void;
  has(key: K): boolean;
  delete(key: K): boolean;
  clear(): void;
  /** Live (unexpired) entries. */
  readonly size: number;
}

interface Entry<V> {
  value: V;
  expiresAt: number;
}

export function createTtlCache<V, K = string>({
  ttlMs,
  maxEntries = Number.POSITIVE_INFINITY,
  now = () => Date.now(),
}: TtlCacheOptions): TtlCache<V, K> {
  if (!(ttlMs > 0) || !Number.isFinite(ttlMs)) throw invalidOption(`ttlMs must be a positive number (got ${ttlMs})`);
  if (!(maxEntries >= 1) || (Number.isFinite(maxEntries) && !Number.isInteger(maxEntries))) {
    throw invalidOption(`maxEntries must be a positive integer (got ${maxEntries})`);
  }
  const entries = new Map<K, Entry<V>>();

  // Every entry shares one ttl and set() re-inserts, so Map order is expiry order: purge from the front.
  function purgeExpired(): void {
    const time = now();
    for (const [key, entry] of entries) {
      if (entry.expiresAt > time) return;
      entries.delete(key);
    }
  }

  return {
    get(key) {
      purgeExpired();
      return entries.get(key)?.value;
    },
    set(key, value) {
      purgeExpired();
      entries.delete(key);
      entries.set(key, { value, expiresAt: now() + ttlMs });
      while (entries.size > maxEntries) {
        const oldest = entries.keys().next();
        if (oldest.done) break;
        entries.delete(oldest.value);
      }
    },
    has(key) {
      purgeExpired();
      return entries.has(key);
    },
    delete(key) {
      purgeExpired();
      return entries.delete(key);
    },
    clear() {
      entries.clear();
    },
    get size() {
      purgeExpired();
      return entries.size;
    },
  };
}
