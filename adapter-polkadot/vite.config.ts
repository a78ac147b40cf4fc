import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';
import { extensionDappScope } from './extensionDappScope.mjs';

// Library build: the adapter entry and the networks entry, one output file per source module (as the kernel and the
// eip155 and Solana adapters ship), the connection (extension protocol, session, signing, request checks) and the chain
// library loaded with import(); @polkadot/* and the kernel stay external so the host's bundler dedupes them, except
// @polkadot/extension-dapp: it is bundled, under dist/vendor/, with its page globals bound to the adapter's own
// (extensionDappScope.mjs). One file per module lets the host's bundler decide per module what a page loads first:
// with pre-merged chunks (a connection chunk the entry's own code shared modules with), Vite put @polkadot/api
// (191 kB gzip) on the first load of a page with only this adapter, and split the kernel's module with LatchError (primitives) out of
// the entry script of a page with the eip155 adapter too.
export default defineConfig({
  plugins: [extensionDappScope()],
  ...libraryBuild({
    entry: { index: 'src/index.ts', networks: 'src/networks/index.ts' },
    external: [/^@polkadot\/(?!extension-dapp(\/|$))/, /^@latch\/kernel(\/|$)/],
    // The bundled library's files go under vendor/: npm leaves a node_modules folder out of a published package.
    output: {
      preserveModules: true,
      preserveModulesRoot: 'src',
      entryFileNames: (chunk: { name: string }) => `${chunk.name.replace(/^node_modules\//, 'vendor/')}.js`,
    },
  }),
});
