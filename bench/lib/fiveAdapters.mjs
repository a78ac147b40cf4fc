// Issue 13's size figures: the first load of a page with the five adapters registered (`latch-five`), what each
// adapter adds to it, and each adapter's eager and lazy code as a host bundles it alone.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The five adapters of latch-five, in its order, with the networks it imports from each one's `./networks`. */
export const FIVE_ADAPTERS = [
  { namespace: 'eip155', packageName: '@latch/adapter-eip155', factory: 'createEip155Adapter', networks: ['mainnet', 'base'] },
  { namespace: 'solana', packageName: '@latch/adapter-solana', factory: 'createSolanaAdapter', networks: ['solana'] },
  { namespace: 'polkadot', packageName: '@latch/adapter-polkadot', factory: 'createPolkadotAdapter', networks: ['polkadot'] },
  { namespace: 'bip122', packageName: '@latch/adapter-bip122', factory: 'createBitcoinAdapter', networks: ['bitcoin'] },
  { namespace: 'cosmos', packageName: '@latch/adapter-cosmos', factory: 'createCosmosAdapter', networks: ['cosmosHub'] },
];

/** main.jsx of a latch-five-like page with only `adapters` registered (a variant with one left out, say). */
export function pageSource(adapters) {
  if (adapters.length === 0) throw new Error('pageSource: at least one adapter');
  const imports = adapters.flatMap(({ packageName, factory, networks }) => [
    `import { ${factory} } from '${packageName}';`,
    `import { ${networks.join(', ')} } from '${packageName}/networks';`,
  ]);
  return [
    ...imports,
    `import { ConnectButton, createModal, LatchProvider } from '@latch/react';`,
    `import { createRoot } from 'react-dom/client';`,
    `const modal = createModal({ networks: [${adapters.flatMap((a) => a.networks).join(', ')}], adapters: [${adapters.map((a) => `${a.factory}()`).join(', ')}] });`,
    `createRoot(document.getElementById('root')).render(<LatchProvider modal={modal}><ConnectButton /></LatchProvider>);`,
    '',
  ].join('\n');
}

/** Writes that page (index.html + main.jsx) into `dir` and returns `dir`, for `buildScenario(…, { scenarioDir })`. */
export function writePage(dir, adapters) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>bench: variant</title></head><body><div id="root"></div><script type="module" src="./main.jsx"></script></body></html>\n',
  );
  writeFileSync(join(dir, 'main.jsx'), pageSource(adapters));
  return dir;
}

const gzip = (chunks) => (chunks.length ? gzipSync(chunks.map((c) => c.code).join('\n'), { level: 9 }).length : 0);

/**
 * One adapter as a host bundles it alone: `create…Adapter()` from its built dist, its chain SDK bundled, the kernel
 * external (the host pays for it anyway). `eager` is the entry and its static imports, `lazy` every chunk that loads
 * with `import()` (on connect, balance, sign or send), `largestLazy` the biggest of those. Sizes in gzip bytes.
 */
export async function adapterSizes(toolchain, adapter, workDir) {
  mkdirSync(workDir, { recursive: true });
  const entry = join(workDir, `${adapter.namespace}-entry.js`);
  writeFileSync(entry, `import { ${adapter.factory} } from '${adapter.packageName}';\nexport const adapter = ${adapter.factory}();\n`);
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  let output;
  try {
    output = await toolchain.build({
      configFile: false,
      envFile: false,
      publicDir: false,
      logLevel: 'error',
      mode: 'production',
      root: workDir,
      define: { 'process.env.NODE_ENV': JSON.stringify('production') },
      build: {
        write: false,
        minify: true,
        target: 'es2022',
        modulePreload: false,
        reportCompressedSize: false,
        chunkSizeWarningLimit: Number.POSITIVE_INFINITY,
        rolldownOptions: { input: entry, external: [/^@latch\/kernel(\/|$)/], preserveEntrySignatures: 'strict' },
      },
    });
  } finally {
    if (nodeEnv === undefined) delete process.env.NODE_ENV;
    else process.env.NODE_ENV = nodeEnv;
  }
  const chunks = (Array.isArray(output) ? output : [output]).flatMap((o) => o.output).filter((c) => c.type === 'chunk');
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const first = chunks.find((c) => c.isEntry);
  const eager = new Set([first]);
  for (const chunk of eager) for (const file of chunk.imports) if (byName.has(file)) eager.add(byName.get(file));
  const lazy = chunks.filter((c) => !eager.has(c));
  const largest = lazy.map((c) => ({ name: c.fileName, gzip: gzip([c]) })).sort((a, b) => b.gzip - a.gzip)[0];
  return { eager: gzip([...eager]), lazy: gzip(lazy), lazyChunks: lazy.length, largestLazy: largest };
}
