import { defineConfig } from 'vite';

// Library build: the main entry and the conformance suite (which needs vitest) for Node test code, the
// browser-safe toy namespace (`@latch/testkit/toy`) and shared-session wallet and connector
// (`@latch/testkit/shared-session`), the WalletConnect test wallet (`@latch/testkit/walletconnect`) and the kernel
// fakes (`@latch/testkit/kernel`);
// every dependency (and node:*) left external.
export default defineConfig({
  build: {
    lib: {
      entry: {
        index: 'src/index.ts',
        conformance: 'src/conformance/index.ts',
        toy: 'src/toy/index.ts',
        'shared-session': 'src/sharedSession/index.ts',
        walletconnect: 'src/walletconnect/index.ts',
        kernel: 'src/kernel/index.ts',
      },
      formats: ['es'],
      fileName: (_format, name) => `${name}.js`,
    },
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
        /^vitest(\/|$)/,
        /^@noble\//,
        /^@scure\//,
        /^bip322-js(\/|$)/,
        /^@polkadot\//,
        /^@cosmjs\//,
        /^cosmjs-types(\/|$)/,
        /^@walletconnect\//,
        /^@reown\//,
      ],
    },
  },
});
