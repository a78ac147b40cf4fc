import { createExpiringEntries } from './expiringEntries.js';
import { SiwxVerificationError } from './SiwxVerificationError.js';

/** Where issued nonces wait for their one use. Use a shared store (createKyselyNonceStore) when several servers answer. */
export interface SiwxNonceStore {
  /** Keeps the nonce until `expiresAt` (ms); may reject with a SiwxVerificationError (`STORE_FULL`). */
  add(nonce: string, expiresAt: number): void | Promise<void>;
  /** Removes the nonce and answers when it expires, or undefined when it was never issued or is used. */
  take(nonce: string): number | undefined | Promise<number | undefined>;
}

export interface MemoryNonceStoreOptions {
  /** The most nonces waiting at once; a new one beyond is refused (`STORE_FULL`, HTTP 503). Default 100 000. */
  maxNonces?: number;
  /** The clock (ms). Default `Date.now`. */
  now?: () => number;
}

/**
 * Nonces in this process's memory (one process, tests). Issuing costs the same however many wait:
 * each add looks at a few entries for expired ones, and the store refuses to grow past `maxNonces`.
 */
export function createMemoryNonceStore(options: MemoryNonceStoreOptions = {}): SiwxNonceStore {
  const nonces = createExpiringEntries<true>(options.maxNonces ?? 100_000, options.now ?? Date.now);
  return {
    add(nonce, expiresAt) {
      if (!nonces.set(nonce, true, expiresAt))
        throw new SiwxVerificationError('STORE_FULL', 'Too many sign-ins are waiting; try again in a few minutes');
    },
    take: (nonce) => nonces.take(nonce)?.expiresAt,
  };
}
