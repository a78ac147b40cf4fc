// Kernel size: minified + gzipped, as a host's bundler would ship it. Run: `npm run size`.
// Three figures: the kernel's own code (dependencies external), everything it exports with its
// dependencies inlined, and what a host pays for `createModal` alone (tree-shaken, with deps).
// "first load" is the entry and its static imports; "lazy" is what loads only on use (telemetry's
// network client, loaded only when an endpoint is configured).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = new URL('..', import.meta.url).pathname;

const external = [/^mitt$/, /^jotai(\/|$)/];
const scenarios = [
  { name: 'kernel code only (deps external)', source: "export * from '@latch/kernel';", external },
  { name: 'whole kernel + deps', source: "export * from '@latch/kernel';", external: [] },
  { name: 'createModal + deps (typical host import)', source: "export { createModal } from '@latch/kernel';", external: [] },
];

/** One row per scenario: { scenario, minified, gzip } in bytes. `npm run bench` adds these to RESULTS.md. */
export async function measureKernelSize() {
  const work = join(root, 'bench/.build/kernel-size');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const rows = [];
  for (const [index, scenario] of scenarios.entries()) {
    const entry = join(work, `entry-${index}.js`);
    writeFileSync(entry, scenario.source);
    const output = await build({
      configFile: false,
      logLevel: 'silent',
      root: work,
      build: {
        write: false,
        minify: true,
        target: 'es2022',
        // Not lib mode: Vite keeps whitespace in lib ES output; a host's app build minifies fully.
        rollupOptions: { input: entry, external: scenario.external, preserveEntrySignatures: 'strict' },
      },
    });
    const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
    const entryChunk = chunks.find((c) => c.isEntry);
    const eager = new Set([entryChunk]);
    for (const chunk of eager) for (const name of chunk.imports) eager.add(chunks.find((c) => c.fileName === name) ?? chunk);
    const size = (list) => {
      const code = list.map((c) => c.code).join('\n');
      return { minified: Buffer.byteLength(code), gzip: list.length ? gzipSync(code, { level: 9 }).length : 0 };
    };
    const first = size([...eager]);
    rows.push({ scenario: scenario.name, ...first, lazyGzip: size(chunks.filter((c) => !eager.has(c))).gzip });
  }
  rmSync(work, { recursive: true, force: true });
  return rows;
}

const kb = (n) => `${(n / 1024).toFixed(2)} kB`;

/** The markdown table `npm run size` prints. */
export function kernelSizeTable(rows) {
  return [
    '| scenario | first load, minified | first load, min + gzip | lazy, min + gzip |',
    '|---|---:|---:|---:|',
    ...rows.map((row) => `| ${row.scenario} | ${kb(row.minified)} | ${kb(row.gzip)} | ${kb(row.lazyGzip)} |`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(kernelSizeTable(await measureKernelSize()));
