import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build, one file per source module: the entry carries only the plugin factory; the view
// (and the URL building it uses) is its own file, loaded with import() when the visitor opens Buy.
// `server` is the reference session-token handler for the integrator's server (Node only).
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', server: 'src/server/index.ts' },
    external: [/^react(\/|$)/, /^react-dom(\/|$)/, /^@latch\//, /^jotai(\/|$)/, /^jose(\/|$)/, /^node:/],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
