import { readBuildArtifact } from '../packageFiles.js';
import type { MockSolanaWalletConfig } from './installMockSolanaWallet.js';

/** The global the Solana IIFE bundle defines (vite `build.lib.name`). */
export const MOCK_SOLANA_WALLET_GLOBAL = '__latchMockSolanaWallet';
export const MOCK_SOLANA_WALLET_BUNDLE = 'dist/mock-solana-wallet.iife.js';

/**
 * Source for Playwright's `page.addInitScript({ content })`: the Solana mock-wallet bundle, then
 * `installMockSolanaWallet(config)`. It runs before the page's own scripts in every document (reloads included).
 */
export function mockSolanaWalletInitScript(config: MockSolanaWalletConfig): string {
  const bundle = readBuildArtifact(MOCK_SOLANA_WALLET_BUNDLE);
  return `${bundle}\n;${MOCK_SOLANA_WALLET_GLOBAL}.installMockSolanaWallet(${JSON.stringify(config)});\n`;
}
