import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build: the adapter entry, the networks entry, and lazy rpc/signing chunks; @solana/*, the Wallet
// Standard packages and the kernel stay external so the host's bundler dedupes them.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', networks: 'src/networks/index.ts' },
    external: [/^@solana\//, /^@solana-program\//, /^@wallet-standard\//, /^@scure\/base(\/|$)/, /^@latch\/kernel(\/|$)/],
    output: { preserveModules: true, preserveModulesRoot: 'src' },
  }),
);
