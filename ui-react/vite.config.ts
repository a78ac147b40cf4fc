import { defineConfig } from 'vite';

// Library build: one output file per source module (dependencies external), so the host's bundler
// splits at module level: the entry stays small; the modal shell and every view load lazily.
export default defineConfig({
  build: {
    lib: { entry: { index: 'src/index.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      external: [/^react(\/|$)/, /^react-dom(\/|$)/, /^@latch\//, /^lean-qr(\/|$)/],
      output: { preserveModules: true, preserveModulesRoot: 'src' },
    },
  },
});
