import { readBuildArtifact } from '../packageFiles.js';
import type { ToyWalletConfig } from './installWallets.js';

/** The global the toy wallet IIFE bundle defines (vite `build.lib.name`). */
export const TOY_WALLET_GLOBAL = '__latchToyWallet';
export const TOY_WALLET_BUNDLE = 'dist/toy-wallet.iife.js';

/**
 * Source for Playwright's `page.addInitScript({ content })`: the toy wallet bundle, then `installToyWallets(config)`,
 * which exposes the wallets on `window.__latchToyWallets[id]`. It runs before the page's scripts in every document.
 */
export function toyWalletInitScript(config: ToyWalletConfig): string {
  const bundle = readBuildArtifact(TOY_WALLET_BUNDLE);
  return `${bundle}\n;${TOY_WALLET_GLOBAL}.installToyWallets(${JSON.stringify(config)});\n`;
}
