import { defineConfig } from 'vite';

// Library build: the browser entry (messages, the HTTP client config) and the server entry, one output
// file per source module so a host's bundler takes only what it imports; dependencies stay external.
export default defineConfig({
  build: {
    lib: { entry: { index: 'src/index.ts', server: 'src/server/index.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
    outDir: 'dist',
    emptyOutDir: true,
    minify: false,
    sourcemap: true,
    target: 'es2022',
    rollupOptions: {
      external: [/^@latch\/kernel(\/|$)/, /^viem(\/|$)/, /^@noble\//, /^@scure\//, /^kysely(\/|$)/, /^node:/],
      output: { preserveModules: true, preserveModulesRoot: 'src' },
    },
  },
});
