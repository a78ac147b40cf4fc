// Adapter size, minified + gzipped as a host's bundler ships it. Run: `npm run size -w @latch/adapter-solana`.
// "first load" is the entry plus the chunks it imports statically. Each lazy row is what one import() adds
// on top (its static closure minus the first load); rows overlap, since @solana/kit's core is shared between them.
// The kernel stays external: the host pays for it anyway.
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = new URL('..', import.meta.url).pathname;
const kernel = /^@latch\/kernel$/;
const solana = [/^@solana\//, /^@solana-program\//, /^@wallet-standard\//];
const scenarios = [
  { name: 'Solana packages external (adapter code only)', external: [kernel, ...solana] },
  { name: 'Solana packages bundled (what the host ships)', external: [kernel] },
];

const kb = (n) => `${(n / 1024).toFixed(2)} kB`;
function size(chunks) {
  const code = [...chunks].map((c) => c.code).join('\n');
  return `${kb(Buffer.byteLength(code))} / ${kb(gzipSync(code, { level: 9 }).length)}`;
}

for (const scenario of scenarios) {
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root,
    build: {
      write: false,
      minify: true,
      target: 'es2022',
      modulePreload: false,
      rollupOptions: { input: `${root}src/index.ts`, external: scenario.external, preserveEntrySignatures: 'strict' },
    },
  });
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const closure = (start) => {
    const seen = new Set([start]);
    for (const chunk of seen) for (const file of chunk.imports) if (byName.has(file)) seen.add(byName.get(file));
    return seen;
  };
  const entry = chunks.find((c) => c.isEntry);
  const firstLoad = closure(entry);
  console.log(`\n${scenario.name}\n| chunk | minified / gzip |\n|---|---:|\n| first load (entry + static imports) | ${size(firstLoad)} |`);
  for (const file of entry.dynamicImports) {
    const lazy = [...closure(byName.get(file))].filter((c) => !firstLoad.has(c));
    const label = byName.get(file).moduleIds.find((id) => id.includes('/src/'))?.split('/src/')[1] ?? file;
    console.log(`| lazy: ${label} | ${size(lazy)} |`);
  }
  console.log(`| all lazy chunks together | ${size(chunks.filter((c) => !firstLoad.has(c)))} |`);
}
