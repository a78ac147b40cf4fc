// The page @polkadot/extension-dapp sees. The adapter's build (extensionDappScope.mjs) binds the library's `window`,
// `document` and `console` to these objects instead of the host's globals, so that:
// - `web3Enable` enables only what the adapter puts in `page.injectedWeb3` (the one extension the visitor picked),
//   never every extension installed, and never waits for one the visitor did not pick;
// - another extension's malformed `injectedWeb3` entry (null, a string…) is never read by the library;
// - the host's `window.injectedWeb3` is neither read nor written by the library (the adapter's `target` option holds);
// - the library's console chatter ('web3Enable: Enabled 1 extension…', each refusal) stays out of the host's console:
//   the adapter reports every outcome itself.

/** The library's `window`: what it enables is what the adapter put in `injectedWeb3` for the current call. */
export const page: { injectedWeb3: Record<string, unknown>; addEventListener(type: string, listener: () => void): void } = {
  injectedWeb3: {},
  // Never called: `pageDocument` is always ready.
  addEventListener() {},
};

/** The library's `document`: always ready, since the extension the adapter hands it has injected already. */
export const pageDocument = { readyState: 'complete' };

const silent = () => undefined;
/** The library's `console`: silent. */
export const quietConsole = { info: silent, log: silent, warn: silent, error: silent };
