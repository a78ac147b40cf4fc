import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build: the public entry and the internal one (UI bindings), one output file per source
// module, and every dependency external so the host's bundler dedupes it. Separate modules let the
// host's bundler put lazily used code (visitor actions, send, activity) only in lazy chunks: a
// pre-merged chunk shared by an eager and a lazy entry would carry lazy code into first load.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', internal: 'src/internal.ts', errors: 'src/errors/public.ts' },
    external: [/^mitt$/, /^jotai(\/|$)/],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
