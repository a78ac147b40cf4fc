import { defineConfig } from 'vite';

// Library build for Node test code: the main entry and the conformance suite (which needs vitest),
// every dependency (and node:*) left external.
export default defineConfig({
  build: {
    lib: { entry: { index: 'src/index.ts', conformance: 'src/conformance/index.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    outDir: 'dist',
    emptyOutDir: false,
    minify: false,
    sourcemap: true,
    target: 'node20',
    rollupOptions: {
      external: [
        /^node:/,
        /^viem(\/|$)/,
        /^playwright-core(\/|$)/,
        /^@latch\//,
        /^@solana\//,
        /^@solana-program\//,
        /^@wallet-standard\//,
        /^litesvm(\/|$)/,
        /^vitest(\/|$)/,
      ],
    },
  },
});
