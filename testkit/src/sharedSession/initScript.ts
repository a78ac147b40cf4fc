import { readBuildArtifact } from '../packageFiles.js';
import type { SharedSessionWalletOptions } from './types.js';

/** The global the shared-session wallet IIFE bundle defines (vite `build.lib.name`). */
export const SHARED_WALLET_BUNDLE_GLOBAL = '__latchSharedWalletBundle';
export const SHARED_WALLET_BUNDLE = 'dist/shared-wallet.iife.js';

/**
 * Source for Playwright's `page.addInitScript({ content })`: the shared-session wallet bundle, then
 * `installSharedSessionWallet(options, window)`, so `createSharedSessionConnector()` finds it on `window.__latchSharedWallet`
 * and a test drives it there. It runs before the page's scripts in every document; the session survives reloads
 * through `localStorage`.
 */
export function sharedSessionWalletInitScript(options: SharedSessionWalletOptions): string {
  const bundle = readBuildArtifact(SHARED_WALLET_BUNDLE);
  return `${bundle}\n;${SHARED_WALLET_BUNDLE_GLOBAL}.installSharedSessionWallet(${JSON.stringify(options)}, window);\n`;
}
