import { readBuildArtifact } from '../packageFiles.js';
import type { PolkadotWalletConfig } from './installWallets.js';

/** The global the polkadot wallet IIFE bundle defines (vite `build.lib.name`). */
export const POLKADOT_WALLET_GLOBAL = '__latchPolkadotWallet';
export const POLKADOT_WALLET_BUNDLE = 'dist/polkadot-wallet.iife.js';

/**
 * Source for Playwright's `page.addInitScript({ content })`: the mock polkadot extension bundle, then
 * `installMockPolkadotExtensions(config)`, which injects `window.injectedWeb3[key]` and exposes the extensions on
 * `window.__latchPolkadotWallets[key]`. It runs before the page's scripts in every document (reloads included).
 */
export function polkadotWalletInitScript(config: PolkadotWalletConfig): string {
  const bundle = readBuildArtifact(POLKADOT_WALLET_BUNDLE);
  return `${bundle}\n;${POLKADOT_WALLET_GLOBAL}.installMockPolkadotExtensions(${JSON.stringify(config)});\n`;
}
