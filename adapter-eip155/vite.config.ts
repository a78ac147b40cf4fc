import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build: the adapter, networks and blockscout entries, one output file per source module (the
// host's bundler splits at module level, so lazy-only code never rides in a chunk the entry imports);
// viem and the kernel stay external so the host's bundler dedupes them.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', networks: 'src/networks/index.ts', blockscout: 'src/blockscout/index.ts' },
    external: [/^viem(\/|$)/, /^@noble\/hashes(\/|$)/, /^@latch\/kernel(\/|$)/],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
