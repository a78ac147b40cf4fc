import { defineConfig } from 'vite';

// Library build: the public entry and the internal one (UI bindings); shared code lands in one
// chunk, and every dependency stays external so the host's bundler dedupes it.
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
        // Code the public entry re-exports but only lazily loaded code uses (the Send form's helpers and
        // the account's messages) gets a file of its own, so a host's bundler can leave it out of first load.
        advancedChunks: { groups: [{ name: 'accountHelpers', test: /src\/(amount|errors\/accountMessages)\.ts$/ }] },
      },
    },
  },
});
