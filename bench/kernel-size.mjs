// Kernel size: minified + gzipped, as a host's bundler would ship it. Run: `npm run size`.
// Three figures: the kernel's own code (dependencies external), everything it exports with its
// dependencies inlined, and what a host pays for `createModal` alone (tree-shaken, with deps).
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

const root = new URL('..', import.meta.url).pathname;

const external = [/^jotai(\/|$)/, /^mitt$/, /^@noble\/hashes(\/|$)/, /^@scure\/base(\/|$)/];
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
    const code = chunks.map((c) => c.code).join('\n');
    rows.push({ scenario: scenario.name, minified: Buffer.byteLength(code), gzip: gzipSync(code, { level: 9 }).length });
  }
  rmSync(work, { recursive: true, force: true });
  return rows;
}

const kb = (n) => `${(n / 1024).toFixed(2)} kB`;

/** The markdown table `npm run size` prints. */
export function kernelSizeTable(rows) {
  return ['| scenario | minified | min + gzip |', '|---|---:|---:|', ...rows.map((row) => `| ${row.scenario} | ${kb(row.minified)} | ${kb(row.gzip)} |`)].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) console.log(kernelSizeTable(await measureKernelSize()));
