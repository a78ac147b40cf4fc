import { readBuildArtifact } from '../packageFiles.js';
import type { BitcoinWalletConfig } from './installBitcoinWallets.js';

/** The global the mock Bitcoin wallet IIFE bundle defines (vite `build.lib.name`). */
export const MOCK_BITCOIN_WALLET_GLOBAL = '__latchMockBitcoinWallet';
export const MOCK_BITCOIN_WALLET_BUNDLE = 'dist/mock-bitcoin-wallet.iife.js';

/**
 * Source for Playwright's `page.addInitScript({ content })`: the mock Bitcoin wallet bundle, then
 * `installBitcoinWallets(config)`, which lists the wallets in `window.btc_providers`, places their providers on
 * `window` and exposes them on `window.__latchBitcoinWallets[id]`. It runs before the page's scripts in every document.
 */
export function bitcoinWalletInitScript(config: BitcoinWalletConfig): string {
  const bundle = readBuildArtifact(MOCK_BITCOIN_WALLET_BUNDLE);
  return `${bundle}\n;${MOCK_BITCOIN_WALLET_GLOBAL}.installBitcoinWallets(${JSON.stringify(config)});\n`;
}
