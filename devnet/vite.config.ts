import { defineConfig } from 'vite';

// Library build, Node only: the local chains (`@latch/devnet`), the WalletConnect relay (`@latch/devnet/walletconnect`),
// the OpenID Connect provider (`@latch/devnet/oidc`), the Farcaster relay and registry (`@latch/devnet/farcaster`) and
// the service fixtures (`@latch/devnet/services`). Every dependency (and node:*) is left external. Every chunk is
// written to dist/ itself, which src/packageFiles.ts relies on to find the package folder.
export default defineConfig({
  build: {
    lib: {
      entry: {
        index: 'src/index.ts',
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
