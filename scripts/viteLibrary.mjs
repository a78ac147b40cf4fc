// The Vite library build every Latch package shares: ESM for es2022, readable output with source
// maps into dist/, each entry as `<name>.js`, dependencies external (the host's bundler dedupes
// them). `output` adds the package's own chunking (one file per module, or named groups).
export function libraryBuild({ entry, external, output = {} }) {
  return {
    build: {
      lib: { entry, formats: ['es'], fileName: (_format, entryName) => `${entryName}.js` },
      outDir: 'dist',
      emptyOutDir: true,
      minify: false,
      sourcemap: true,
      target: 'es2022',
      rollupOptions: { external, output },
    },
  };
}
