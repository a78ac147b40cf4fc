import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build: the adapter entry, the networks entry, and lazy chunks for the connection (extension protocol,
// session, signing, request checks) and for the chain library; @polkadot/* and the kernel stay external so the
// host's bundler dedupes them.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', networks: 'src/networks/index.ts' },
    external: [/^@polkadot\//, /^@latch\/kernel$/],
  }),
);
