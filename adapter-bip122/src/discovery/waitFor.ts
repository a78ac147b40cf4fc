import { RECONNECT_POLL_MS } from '../constants.js';
import type { BitcoinWalletDiscovery, BitcoinWalletEntry } from './discovery.js';

/**
 * Resolves with the wallet of that connector id once present, or undefined after `timeoutMs`. Loaded by a silent
 * reconnect, the only caller: it polls, since a sats-connect provider injected late has no event to wait for.
 */
export function waitForWallet(discovery: BitcoinWalletDiscovery, id: string, timeoutMs: number): Promise<BitcoinWalletEntry | undefined> {
  const find = () => discovery.wallets().find((entry) => entry.id === id);
  return new Promise((resolve) => {
    const found = find();
    if (found) return resolve(found);
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const unsubscribe = discovery.subscribe(() => check());
    const finish = (entry: BitcoinWalletEntry | undefined) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(entry);
    };
    const check = () => {
      const entry = find();
      if (entry || Date.now() - started >= timeoutMs) return finish(entry);
      clearTimeout(timer);
      timer = setTimeout(check, Math.min(RECONNECT_POLL_MS, Math.max(0, timeoutMs - (Date.now() - started))));
    };
    check();
  });
}
