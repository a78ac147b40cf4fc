import { installToyWallet } from './announce.js';
import { createToyWallet } from './wallet.js';
import type { ToyWallet } from './walletTypes.js';

export interface ToyWalletConfig {
  wallets: { secretKey: string; rpcUrl: string; name?: string; id?: string }[];
}

export interface ToyWalletInstallation {
  /** The wallets by id; the same object is `window.__latchToyWallets` when installed on a window. */
  readonly wallets: Readonly<Record<string, ToyWallet>>;
  /** Stops answering `toy:requestWallet` (test clean-up). */
  uninstall(): void;
}

/** Creates and announces each configured wallet on `target` and exposes them as `target.__latchToyWallets[id]`. */
export function installToyWallets(config: ToyWalletConfig, target: EventTarget = window): ToyWalletInstallation {
  const wallets: Record<string, ToyWallet> = {};
  const uninstalls = config.wallets.map((options) => {
    const wallet = createToyWallet(options);
    if (Object.hasOwn(wallets, wallet.info.id)) throw new TypeError(`Two toy wallets share the id '${wallet.info.id}'`);
    wallets[wallet.info.id] = wallet;
    return installToyWallet(wallet, target);
  });
  (target as { __latchToyWallets?: Record<string, ToyWallet> }).__latchToyWallets = wallets;
  return { wallets, uninstall: () => uninstalls.forEach((uninstall) => uninstall()) };
}
