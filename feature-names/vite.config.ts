import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, one file per source module: the browser entry carries only the plugin factory (its
// views and service client load with import() when used); the server entry and the CLI are Node-only
// and never reached from the browser entry.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', server: 'src/server/index.ts', 'server-cli': 'src/server/cli.ts' },
    external: [
      /^react(\/|$)/,
      /^react-dom(\/|$)/,
      /^@latch\//,
      /^jotai(\/|$)/,
      /^viem(\/|$)/,
      /^@electric-sql\//,
      /^kysely(\/|$)/,
      /^pg(\/|$)/,
      /^node:/,
    ],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
