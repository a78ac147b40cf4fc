import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build: one entry; wagmi, viem and the kernel stay external so the host's bundler dedupes them.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts' },
    external: [/^@wagmi\/core(\/|$)/, /^viem(\/|$)/, /^@latch\/kernel(\/|$)/],
  }),
);
