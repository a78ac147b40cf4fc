import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build: one output file per source module (dependencies external), so the host's bundler
// splits at module level: the entry stays small; the modal shell and every view load lazily.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts' },
    external: [/^react(\/|$)/, /^react-dom(\/|$)/, /^@latch\//, /^jotai(\/|$)/, /^lean-qr(\/|$)/],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
