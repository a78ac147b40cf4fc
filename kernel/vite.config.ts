import { defineConfig } from 'vite';

// Library build: one ESM entry; every dependency stays external so the host's bundler dedupes it.
export default defineConfig({
  build: {
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      external: [/^jotai(\/|$)/, /^mitt$/, /^@noble\/hashes(\/|$)/, /^@scure\/base(\/|$)/],
    },
  },
});
