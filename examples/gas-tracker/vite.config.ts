import { defineConfig } from 'vite';
import { libraryBuild } from '../../scripts/viteLibrary.mjs';

// Library build, one file per source module: the entry carries only the plugin factory; the view (and viem, which
// the fee reading needs) loads with import() when the visitor opens the Gas tracker.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts' },
    external: [/^react(\/|$)/, /^react-dom(\/|$)/, /^@latch\//, /^viem(\/|$)/],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
