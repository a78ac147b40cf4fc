import { defineConfig } from 'vite';

// Library build: the entry stays small; the modal shell and every view are separate chunks.
export default defineConfig({
  build: {
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: () => 'index.js' },
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      external: [/^react(\/|$)/, /^react-dom(\/|$)/, /^@latch\//, /^lean-qr(\/|$)/],
    },
  },
});
