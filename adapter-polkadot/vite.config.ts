import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';
import { extensionDappScope } from './extensionDappScope.mjs';

// Library build: the adapter entry, the networks entry, and lazy chunks for the connection (extension protocol,
// session, signing, request checks) and for the chain library; @polkadot/* and the kernel stay external so the
// host's bundler dedupes them, except @polkadot/extension-dapp: it is bundled into the connection chunk with its page
// globals bound to the adapter's own (extensionDappScope.mjs).
export default defineConfig({
  plugins: [extensionDappScope()],
  ...libraryBuild({
    entry: { index: 'src/index.ts', networks: 'src/networks/index.ts' },
    external: [/^@polkadot\/(?!extension-dapp(\/|$))/, /^@latch\/kernel(\/|$)/],
  }),
});
