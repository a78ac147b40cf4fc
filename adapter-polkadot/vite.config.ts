import { defineConfig } from 'vite';

// Library build: the adapter entry, the networks entry, and lazy chunks for the connection (extension protocol,
// session, signing, request checks) and for the chain library; @polkadot/* and the kernel stay external so the
// host's bundler dedupes them.
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
      external: [/^@polkadot\//, /^@noble\/hashes(\/|$)/, /^@scure\/base(\/|$)/, /^@latch\/kernel$/],
    },
  },
});
