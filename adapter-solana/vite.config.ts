import { defineConfig } from 'vite';

// Library build: the adapter entry, the networks entry, and lazy rpc/signing chunks; @solana/*, the Wallet
// Standard packages and the kernel stay external so the host's bundler dedupes them.
export default defineConfig({
  build: {
    lib: {
      entry: { index: 'src/index.ts', networks: 'src/networks/index.ts' },
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      external: [/^@solana\//, /^@solana-program\//, /^@wallet-standard\//, /^@scure\/base(\/|$)/, /^@latch\/kernel$/],
      // One output file per source module: the host's bundler splits at module level.
      output: { preserveModules: true, preserveModulesRoot: 'src' },
    },
  },
});
