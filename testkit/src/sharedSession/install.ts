import type { SharedSessionWallet, SharedSessionWalletOptions } from './types.js';
import { createSharedSessionWallet } from './wallet.js';
import { SHARED_WALLET_GLOBAL } from './walletInfo.js';

/**
 * Creates a shared-session wallet and puts it where `createSharedSessionConnector()` looks for it by default:
 * `target.__latchSharedWallet` (`globalThis`, i.e. `window` in a page). Returns the wallet, for tests to drive.
 */
export function installSharedSessionWallet(options: SharedSessionWalletOptions, target: object = globalThis): SharedSessionWallet {
  const wallet = createSharedSessionWallet(options);
  (target as Record<string, unknown>)[SHARED_WALLET_GLOBAL] = wallet;
  return wallet;
}
