import { defineConfig } from 'vite';

// Library build: the adapter, networks and blockscout entries, one output file per source module (the
// host's bundler splits at module level, so lazy-only code never rides in a chunk the entry imports);
// viem and the kernel stay external so the host's bundler dedupes them.
export default defineConfig({
  build: {
    lib: {
      entry: { index: 'src/index.ts', networks: 'src/networks/index.ts', blockscout: 'src/blockscout/index.ts' },
      formats: ['es'],
      fileName: (_format, entryName) => `${entryName}.js`,
    },
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      external: [/^viem(\/|$)/, /^@noble\/hashes(\/|$)/, /^@latch\/kernel$/],
      output: { preserveModules: true, preserveModulesRoot: 'src' },
    },
  },
});
