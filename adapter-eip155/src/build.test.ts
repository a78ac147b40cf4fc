import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type Rollup } from 'vite';

const packageDir = new URL('..', import.meta.url).pathname;
let outDir = '';
let chunks: Rollup.OutputChunk[] = [];

beforeAll(async () => {
  outDir = mkdtempSync(join(packageDir, '.build-test-'));
  const output = (await build({ root: packageDir, logLevel: 'silent', build: { outDir, emptyOutDir: true, sourcemap: false } })) as Rollup.RollupOutput[];
  chunks = output.flatMap((o) => o.output).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
}, 60_000);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

function chunk(fileName: string): Rollup.OutputChunk {
  const found = chunks.find((c) => c.fileName === fileName);
  if (!found) throw new Error(`no chunk ${fileName} in ${chunks.map((c) => c.fileName).join(', ')}`);
  return found;
}

/** The entry and every chunk it loads statically: what a host pays on first load. */
function staticClosure(entry: Rollup.OutputChunk): Rollup.OutputChunk[] {
  const seen = new Map<string, Rollup.OutputChunk>([[entry.fileName, entry]]);
  const queue = [entry];
  for (let next = queue.pop(); next; next = queue.pop()) {
    for (const imported of next.imports) {
      const local = chunks.find((c) => c.fileName === imported);
      if (local && !seen.has(local.fileName)) {
        seen.set(local.fileName, local);
        queue.push(local);
      }
    }
  }
  return [...seen.values()];
}

const externalImports = (list: Rollup.OutputChunk[]) => list.flatMap((c) => c.imports).filter((s) => !chunks.some((c) => c.fileName === s));
const moduleFiles = (list: Rollup.OutputChunk[]) => list.flatMap((c) => c.moduleIds).map((id) => id.replace(packageDir, ''));

describe('the built adapter', () => {
  it('loads no viem on first load: the entry imports only the kernel; rpc modules are dynamic imports', () => {
    const firstLoad = staticClosure(chunk('index.js'));
    expect(new Set(externalImports(firstLoad))).toEqual(new Set(['@latch/kernel']));
    expect(moduleFiles(firstLoad).filter((file) => file.includes('/rpc/'))).toEqual([]);
    expect(moduleFiles(firstLoad)).toContain('src/discovery/eip6963.ts');
    expect(chunk('index.js').dynamicImports.length).toBeGreaterThanOrEqual(3);
  });

  it('puts viem in the lazy rpc chunks', () => {
    const lazy = chunk('index.js').dynamicImports.map(chunk);
    expect(moduleFiles(lazy)).toEqual(expect.arrayContaining(['src/rpc/client.ts', 'src/rpc/balances.ts', 'src/rpc/identity.ts', 'src/rpc/transfer.ts']));
    expect(externalImports(lazy).filter((s) => /^viem(\/|$)/.test(s)).length).toBeGreaterThan(0);
  });

  it('builds the networks entry without viem or the adapter', () => {
    const networks = staticClosure(chunk('networks.js'));
    expect(externalImports(networks)).toEqual([]);
    expect(moduleFiles(networks).every((file) => file.startsWith('src/networks/'))).toBe(true);
  });

  it('is an ESM package without side effects', () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.type).toBe('module');
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@latch/kernel', 'viem']);
  });

  it('performs no I/O, timers or DOM access when imported and created in Node', () => {
    const probe = join(outDir, 'probe.mjs');
    writeFileSync(
      probe,
      `
      import fs from 'node:fs'; import net from 'node:net'; import http from 'node:http'; import https from 'node:https';
      const seen = [];
      const trap = (obj, name, label) => { const orig = obj[name]; obj[name] = function (...a) { seen.push(label); return orig.apply(this, a); }; };
      for (const m of ['readFile', 'writeFile', 'open', 'readdir']) trap(fs, m, 'fs.' + m);
      trap(net.Socket.prototype, 'connect', 'net.connect'); trap(http, 'request', 'http.request'); trap(https, 'request', 'https.request');
      trap(globalThis, 'fetch', 'fetch'); trap(globalThis, 'setTimeout', 'setTimeout'); trap(globalThis, 'setInterval', 'setInterval');
      for (const g of ['window', 'document', 'localStorage', 'location', 'navigator', 'matchMedia']) Object.defineProperty(globalThis, g, { configurable: true, get() { seen.push(g); return undefined; } });
      const adapterModule = await import('./index.js');
      const networks = await import('./networks.js');
      const adapter = adapterModule.createEip155Adapter();
      if (adapter.namespace !== 'eip155' || networks.mainnet.caipNetworkId !== 'eip155:1') seen.push('wrong exports');
      process.stdout.write(JSON.stringify(seen));
      `,
    );
    const run = spawnSync(process.execPath, [probe], { encoding: 'utf8', cwd: packageDir });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([]);
  });
});
