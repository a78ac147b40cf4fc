import { defineConfig } from 'vite';

// Library build: the main entry and the conformance suite (which needs vitest) for Node test code, and the
// browser-safe toy namespace (`@latch/testkit/toy`) and shared-session wallet and connector
// (`@latch/testkit/shared-session`), the WalletConnect relay and wallet (`@latch/testkit/walletconnect`), and the
// local OpenID Connect provider (`@latch/testkit/oidc`), and the service fixtures (`@latch/testkit/services`: a
// throwaway PostgreSQL server, a round-robin proxy, a server run as its own process);
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
        oidc: 'src/oidc/index.ts',
        farcaster: 'src/farcaster/index.ts',
        services: 'src/services/index.ts',
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
        /^litesvm(\/|$)/,
        /^vitest(\/|$)/,
        /^@noble\//,
        /^@scure\//,
        /^bcoin(\/|$)/,
        /^bip322-js(\/|$)/,
        /^@polkadot\//,
        /^@acala-network\//,
        /^@substrate\//,
        /^@cosmjs\//,
        /^cosmjs-types(\/|$)/,
        /^ws(\/|$)/,
        /^@walletconnect\//,
        /^@reown\//,
        /^smtp-server(\/|$)/,
        /^postal-mime(\/|$)/,
        /^oidc-provider(\/|$)/,
        /^pg(\/|$)/,
      ],
    },
  },
});
