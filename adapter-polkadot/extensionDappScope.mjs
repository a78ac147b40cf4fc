// A Vite plugin for the adapter's own build and tests: @polkadot/extension-dapp's modules get `window`, `document` and
// `console` from src/dapp/extensionPage.ts (an import that shadows the globals in those modules); the library's
// code is otherwise unchanged. Why: see src/dapp/extensionPage.ts. The library is therefore bundled into the adapter's
// lazy connect chunk (its own imports, @polkadot/util and @polkadot/util-crypto, stay external).
import { fileURLToPath } from 'node:url';

const pageModule = fileURLToPath(new URL('./src/dapp/extensionPage.ts', import.meta.url));
/** The library's modules that read page globals: bundle.js (window, console) and util.js (document, window). */
const PAGE_READERS = /[\\/]@polkadot[\\/]extension-dapp[\\/](bundle|util)\.js$/;
/** A test's query for the library as published, reading the page's globals (src/extensionDapp.library.test.ts). */
const UNSCOPED = /[?&]unscoped\b/;

export function extensionDappScope() {
  return {
    name: 'latch:extension-dapp-scope',
    enforce: 'pre',
    transform(code, id) {
      if (!PAGE_READERS.test(id.split('?')[0]) || UNSCOPED.test(id)) return null;
      const binding = `import { page as window, pageDocument as document, quietConsole as console } from ${JSON.stringify(pageModule)};`;
      // Bundled, so its licence notice travels with it.
      const notice = '/*! @polkadot/extension-dapp, Copyright 2019-2025 @polkadot/extension-dapp authors & contributors, Apache-2.0 */';
      return { code: `${id.includes('bundle.js') ? `${notice}\n` : ''}${binding}\n${code}`, map: null };
    },
  };
}
