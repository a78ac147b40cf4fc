import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, one file per source module: the entry carries only the plugin factory; the view
// (and the URL building it uses) is its own file, loaded with import() when the visitor opens Buy.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts' },
    external: [/^react(\/|$)/, /^react-dom(\/|$)/, /^@latch\//],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
