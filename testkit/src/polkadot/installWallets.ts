import { installMockPolkadotExtension, POLKADOT_WALLETS_GLOBAL } from './install.js';
import { buildMockPolkadotExtension } from './mockExtension.js';
import type { MockPolkadotExtension, MockPolkadotExtensionOptions } from './walletTypes.js';

export interface PolkadotWalletConfig {
  wallets: MockPolkadotExtensionOptions[];
  /** Inject `injectedWeb3` entries this many ms after the script runs, as extensions inject after the page starts (0: at once). */
  injectAfterMs?: number;
}

export interface PolkadotWalletInstallation {
  /** The extensions by key; the same object is `window.__latchPolkadotWallets`. */
  readonly wallets: Readonly<Record<string, MockPolkadotExtension>>;
}

/** Builds each configured extension and injects it into `target.injectedWeb3` (at once, or after `injectAfterMs`). */
export function installMockPolkadotExtensions(config: PolkadotWalletConfig, target: object = window): PolkadotWalletInstallation {
  const extensions = config.wallets.map(buildMockPolkadotExtension);
  const keys = extensions.map((extension) => extension.key);
  const duplicate = keys.find((key, i) => keys.indexOf(key) !== i);
  if (duplicate) throw new TypeError(`mock polkadot extensions: two share the key "${duplicate}"`);
  // Listed at once, so a test can drive an extension that has not injected yet.
  const holder = target as Record<string, Record<string, MockPolkadotExtension> | undefined>;
  const wallets = (holder[POLKADOT_WALLETS_GLOBAL] ??= {});
  for (const extension of extensions) wallets[extension.key] = extension;
  const install = () => {
    for (const extension of extensions) installMockPolkadotExtension(extension, target);
  };
  const delay = config.injectAfterMs ?? 0;
  if (delay > 0) setTimeout(install, delay);
  else install();
  return { wallets };
}
