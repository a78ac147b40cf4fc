import { readBuildArtifact } from '../packageFiles.js';
import type { MockWalletConfig } from './announce.js';

/** The global the IIFE bundle defines (vite `build.lib.name`). */
export const MOCK_WALLET_GLOBAL = '__latchMockWallet';
export const MOCK_WALLET_BUNDLE = 'dist/mock-wallet.iife.js';

/**
 * Source for Playwright's `page.addInitScript({ content })`: the mock-wallet bundle, then `installMockWallet(config)`.
 * It runs before the page's own scripts in every document (reloads included).
 */
export function mockWalletInitScript(config: MockWalletConfig): string {
  const bundle = readBuildArtifact(MOCK_WALLET_BUNDLE);
  return `${bundle}\n;${MOCK_WALLET_GLOBAL}.installMockWallet(${JSON.stringify(config)});\n`;
}
