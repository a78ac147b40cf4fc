import { readBuildArtifact } from '../../packageFiles.js';
import type { MockCosmosWalletConfig } from './installMockCosmosWallets.js';

/** The global the Cosmos IIFE bundle defines (vite `build.lib.name`). */
export const MOCK_COSMOS_WALLET_BUNDLE_GLOBAL = '__latchMockCosmosWallet';
export const MOCK_COSMOS_WALLET_BUNDLE = 'dist/mock-cosmos-wallet.iife.js';

/**
 * Source for Playwright's `page.addInitScript({ content })`: the Cosmos mock-wallet bundle, then
 * `installMockCosmosWallets({ wallets })` on `window`. It runs before the page's scripts in every document (reloads
 * included); enabled chains persist in `localStorage`, so a reload can reconnect silently.
 */
export function cosmosWalletInitScript(config: { wallets: readonly MockCosmosWalletConfig[] }): string {
  const bundle = readBuildArtifact(MOCK_COSMOS_WALLET_BUNDLE);
  return `${bundle}\n;${MOCK_COSMOS_WALLET_BUNDLE_GLOBAL}.installMockCosmosWallets(${JSON.stringify({ wallets: config.wallets })});\n`;
}
