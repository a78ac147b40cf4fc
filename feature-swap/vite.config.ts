import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, one file per source module: the entry carries only the plugin factory; the view, the
// on-chain quote provider and viem load with import() when the visitor opens Swap. `./zeroex` is the
// 0x aggregator provider, its own entry so a host loads it lazily too.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', zeroex: 'src/zeroExQuoteProvider.ts' },
    external: [/^react(\/|$)/, /^react-dom(\/|$)/, /^@latch\//, /^jotai(\/|$)/, /^viem(\/|$)/],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
