import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build: one output file per source module (dependencies external), so the host's bundler
// splits at module level: the entry stays small; the modal shell and every view load lazily. `testing` is the
// test helpers' entry (`@latch/react/testing`): nothing the main entry reaches imports it.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', testing: 'src/testing/index.ts' },
    external: [/^react(\/|$)/, /^react-dom(\/|$)/, /^@latch\//, /^@testing-library\//, /^jotai(\/|$)/, /^lean-qr(\/|$)/],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
