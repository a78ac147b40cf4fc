import type { MockPolkadotExtension } from './walletTypes.js';

/** The window global that holds the installed mock extensions by key, for tests to drive. */
export const POLKADOT_WALLETS_GLOBAL = '__latchPolkadotWallets';

interface InjectedWeb3Holder {
  injectedWeb3?: Record<string, unknown>;
  [POLKADOT_WALLETS_GLOBAL]?: Record<string, MockPolkadotExtension>;
}

/**
 * Injects the extension the way extensions do (`window.injectedWeb3 = window.injectedWeb3 || {}`, then its key) and
 * lists it on `target.__latchPolkadotWallets[key]`. Returns an uninstall.
 */
export function installMockPolkadotExtension(extension: MockPolkadotExtension, target: object = window): () => void {
  const holder = target as InjectedWeb3Holder;
  const injectedWeb3 = (holder.injectedWeb3 ??= {});
  injectedWeb3[extension.key] = extension.entry;
  const wallets = (holder[POLKADOT_WALLETS_GLOBAL] ??= {});
  wallets[extension.key] = extension;
  return () => {
    if (injectedWeb3[extension.key] === extension.entry) delete injectedWeb3[extension.key];
    if (wallets[extension.key] === extension) delete wallets[extension.key];
  };
}
