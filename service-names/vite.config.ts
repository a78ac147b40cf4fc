import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, one file per source module: the service's entry (dist/index.js) and its CLI (dist/cli.js), Node
// only, every dependency external.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', cli: 'src/cli.ts' },
    external: [/^@latch\//, /^viem(\/|$)/, /^@electric-sql\//, /^kysely(\/|$)/, /^pg(\/|$)/, /^node:/],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
