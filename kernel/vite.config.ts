import { defineConfig } from 'vite';

// Library build: the public entry and the internal one (UI bindings), one output file per source
// module, and every dependency external so the host's bundler dedupes it. Separate modules let the
// host's bundler put lazily used code (visitor actions, send, activity) only in lazy chunks: a
// pre-merged chunk shared by an eager and a lazy entry would carry lazy code into first load.
export default defineConfig({
  build: {
    lib: { entry: { index: 'src/index.ts', internal: 'src/internal.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      external: [/^mitt$/],
      output: {
        preserveModules: true,
        preserveModulesRoot: 'src',
      },
    },
  },
});
