import { createMockCosmosWallet, type MockCosmosWallet } from './mockCosmosWallet.js';
import type { MockCosmosWalletChain, MockCosmosWalletFailures } from './types.js';

/** The page global tests drive the installed wallets through: `window.__latchCosmosWallets[global]`. */
export const COSMOS_WALLETS_GLOBAL = '__latchCosmosWallets';

export interface MockCosmosWalletConfig {
  /** Where it injects, as the extension does: `window.keplr` or `window.leap` (any identifier works). */
  global: 'keplr' | 'leap' | (string & {});
  /** The key's name and the wallet's storage namespace; the global by default. */
  name?: string;
  /** A BIP-39 mnemonic (m/44'/118'/0'/0/0) or a 32-byte hex private key. */
  mnemonicOrPrivateKey: string;
  /** The chains it knows; others must be suggested (`experimentalSuggestChain`) before they can be enabled. */
  chains: readonly MockCosmosWalletChain[];
  failures?: MockCosmosWalletFailures;
}

export interface MockCosmosWalletsConfig {
  wallets: readonly MockCosmosWalletConfig[];
  /** The page's `window` by default. */
  target?: EventTarget;
}

export interface MockCosmosWalletInstallation {
  readonly wallets: Readonly<Record<string, MockCosmosWallet>>;
  /** Removes the globals again (the page's own copies of the objects keep working). */
  uninstall(): void;
}

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * Injects Keplr-style wallets the way extensions do: `target[global] = wallet`, each firing `<global>_keystorechange`
 * on `target` when its keys change. Each is also at `target.__latchCosmosWallets[global]` for tests to drive.
 */
export function installMockCosmosWallets({ wallets, target }: MockCosmosWalletsConfig): MockCosmosWalletInstallation {
  const page = (target ?? (typeof window === 'undefined' ? undefined : window)) as (EventTarget & Record<string, unknown>) | undefined;
  if (!page) throw new TypeError('installMockCosmosWallets needs a target (there is no window)');
  const installed: Record<string, MockCosmosWallet> = {};
  for (const config of wallets) {
    if (!IDENTIFIER.test(config.global) || config.global === COSMOS_WALLETS_GLOBAL)
      throw new TypeError(`Invalid wallet global: ${config.global}`);
    installed[config.global] = createMockCosmosWallet({
      name: config.name ?? config.global,
      mnemonicOrPrivateKey: config.mnemonicOrPrivateKey,
      chains: config.chains,
      keystoreEvent: `${config.global}_keystorechange`,
      eventTarget: page,
      failures: config.failures,
    });
  }
  const registry = (page[COSMOS_WALLETS_GLOBAL] ?? {}) as Record<string, MockCosmosWallet>;
  for (const [global, wallet] of Object.entries(installed)) {
    Object.defineProperty(page, global, { value: wallet, configurable: true, writable: true, enumerable: true });
    registry[global] = wallet;
  }
  Object.defineProperty(page, COSMOS_WALLETS_GLOBAL, { value: registry, configurable: true, writable: true });
  return {
    wallets: installed,
    uninstall() {
      for (const global of Object.keys(installed)) {
        if (page[global] === installed[global]) delete page[global];
        delete registry[global];
      }
    },
  };
}
