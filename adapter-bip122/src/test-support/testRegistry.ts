import type { Wallets } from '@wallet-standard/app';
import type { Wallet } from '@wallet-standard/base';

/** A private Wallet Standard registry with @wallet-standard/app's `Wallets` API, so tests never share the global one. */
export function createTestRegistry(): Wallets & { clear(): void } {
  let wallets: Wallet[] = [];
  const listeners = { register: new Set<(...wallets: Wallet[]) => void>(), unregister: new Set<(...wallets: Wallet[]) => void>() };
  return {
    get: () => [...wallets],
    on(event, listener) {
      listeners[event].add(listener as (...wallets: Wallet[]) => void);
      return () => void listeners[event].delete(listener as (...wallets: Wallet[]) => void);
    },
    register(...added) {
      wallets = [...wallets, ...added];
      for (const listener of [...listeners.register]) listener(...added);
      return () => {
        wallets = wallets.filter((wallet) => !added.includes(wallet));
        for (const listener of [...listeners.unregister]) listener(...added);
      };
    },
    clear() {
      wallets = [];
    },
  };
}
