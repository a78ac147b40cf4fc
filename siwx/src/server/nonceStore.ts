/** Where issued nonces wait for their one use. Swap it for a shared store when several servers answer. */
export interface SiwxNonceStore {
  add(nonce: string, expiresAt: number): void | Promise<void>;
  /** Removes the nonce and answers when it expires, or undefined when it was never issued or is used. */
  take(nonce: string): number | undefined | Promise<number | undefined>;
}

/** Nonces in this process's memory; expired ones are dropped as new ones are issued. */
export function createMemoryNonceStore(now: () => number = Date.now): SiwxNonceStore {
  const nonces = new Map<string, number>();
  return {
    add(nonce, expiresAt) {
      const time = now();
      for (const [known, expiry] of nonces) if (expiry <= time) nonces.delete(known);
      nonces.set(nonce, expiresAt);
    },
    take(nonce) {
      const expiresAt = nonces.get(nonce);
      nonces.delete(nonce);
      return expiresAt;
    },
  };
}
