import { type CosmosWalletWindow, discoveryEvents, type FoundWallet, findWallets, listen } from './keplrStyleDiscovery.js';
import type { KeplrStyleWalletDescriptor } from './walletDescriptors.js';

const RECONNECT_RECHECK_MS = 100;

/**
 * Waits up to `timeoutMs` for the wallet `id` to be injected (a silent reconnect right after a reload races the
 * extension), re-checking on discovery events and every 100 ms while it waits.
 */
export function waitForWallet(
  getPage: () => CosmosWalletWindow | undefined,
  descriptors: readonly KeplrStyleWalletDescriptor[],
  id: string,
  timeoutMs: number,
): Promise<FoundWallet | undefined> {
  const look = () => findWallets(getPage(), descriptors).find((entry) => entry.descriptor.id === id);
  const now = look();
  if (now || !descriptors.some((descriptor) => descriptor.id === id)) return Promise.resolve(now);
  return new Promise((resolve) => {
    const finish = (result: FoundWallet | undefined) => {
      clearInterval(recheck);
      clearTimeout(timeout);
      unlisten();
      resolve(result);
    };
    const check = () => {
      const found = look();
      if (found) finish(found);
    };
    const unlisten = listen(getPage(), discoveryEvents(descriptors), check);
    const recheck = setInterval(check, RECONNECT_RECHECK_MS);
    const timeout = setTimeout(() => finish(look()), timeoutMs);
  });
}
