import type { Plugin } from 'vite';

/** Binds @polkadot/extension-dapp's `window`, `document` and `console` to the adapter's own (src/dapp/extensionPage.ts). */
export function extensionDappScope(): Plugin;
