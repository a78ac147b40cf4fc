import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, one file per source module; Node only, nothing but Node's own modules.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts' },
    external: [/^node:/],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
