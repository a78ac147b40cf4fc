import { defineConfig } from 'vite';

// Library build: the adapter entry (discovery and the sync isAddress only, on the kernel alone), the networks entry,
// and lazy chunks for connecting, signing, sending and the chain library; CosmJS and the kernel stay external so the
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
      external: [/^@cosmjs\//, /^cosmjs-types(\/|$)/, /^@scure\//, /^@latch\/kernel$/],
    },
  },
});
