import { defineConfig } from 'vite';
import { libraryBuild } from '../scripts/viteLibrary.mjs';

// Library build: the adapter entry, the networks entry, and lazy chunks for the connection (session, drivers,
// Esplora reads) and the chain library; it and the kernel stay external so the host's bundler dedupes them.
// The transfer messages get a chunk of their own: index.js re-exports them, and a host that only creates the
// adapter then keeps them (thrown after the visitor acts) out of its first load.
export default defineConfig(
  libraryBuild({
    entry: { index: 'src/index.ts', networks: 'src/networks/index.ts' },
    external: [/^sats-connect(\/|$)/, /^@sats-connect\//, /^@wallet-standard\//, /^@scure\//, /^@latch\/kernel(\/|$)/],
    output: { codeSplitting: { groups: [{ name: 'messages', test: /[\\/]src[\\/]messages\.ts$/ }] } },
  }),
);
