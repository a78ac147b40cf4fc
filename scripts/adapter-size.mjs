// Adapter size, minified + gzipped as a host's bundler ships it: `npm run size -w @latch/adapter-<name>`.
// "first load" is the entry plus the chunks it imports statically. Each lazy row is what one import() adds
// on top (its static closure minus the first load); rows overlap, since the chain SDK's core is shared.
// The kernel stays external: the host pays for it anyway.
//   node scripts/adapter-size.mjs <package dir> "<chain SDK label>" <external pattern>...
import { resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const [packageArg, sdkLabel = 'chain SDK', ...patterns] = process.argv.slice(2);
if (!packageArg) throw new Error('usage: node scripts/adapter-size.mjs <package dir> "<SDK label>" <external regexp>...');
const root = `${resolve(packageArg)}/`;
const kernel = /^@latch\/kernel$/;
const sdk = patterns.map((pattern) => new RegExp(pattern));
const scenarios = [
  { name: `${sdkLabel} external (adapter code only)`, external: [kernel, ...sdk] },
  { name: `${sdkLabel} bundled (what the host ships)`, external: [kernel] },
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
    const label =
      byName
        .get(file)
        .moduleIds.find((id) => id.includes('/src/'))
        ?.split('/src/')[1] ?? file;
    console.log(`| lazy: ${label} | ${size(lazy)} |`);
  }
  console.log(`| all lazy chunks together | ${size(chunks.filter((c) => !firstLoad.has(c)))} |`);
}
