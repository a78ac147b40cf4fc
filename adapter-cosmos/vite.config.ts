import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build: the adapter entry (discovery and the sync isAddress only, on the kernel alone), the networks entry,
// and lazy chunks for connecting, signing, sending and the chain library; CosmJS and the kernel stay external so the
// host's bundler dedupes them.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', networks: 'src/networks/index.ts' },
    external: [/^@cosmjs\//, /^cosmjs-types(\/|$)/, /^@scure\//, /^@latch\/kernel(\/|$)/],
  }),
);
