import { defineConfig } from 'vite';

// Library build for Node test code: one ESM entry, every dependency (and node:*) left external.
export default defineConfig({
  build: {
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
    outDir: 'dist',
    emptyOutDir: false,
    minify: false,
    sourcemap: true,
    target: 'node20',
    rollupOptions: {
      external: [/^node:/, /^viem(\/|$)/, /^playwright-core(\/|$)/, /^@latch\//],
    },
  },
});
