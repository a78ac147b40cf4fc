import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildPackage, type PackageBuild } from '../../scripts/test-support/packageBuild.js';

/** ARCHITECTURE.md: the kernel imports only jotai/vanilla, mitt and small audited helpers. */
const ALLOWED = [/^jotai\/vanilla$/, /^mitt$/, /^@noble\/hashes\/[a-z0-9]+\.js$/, /^@scure\/base$/];
const packageDir = new URL('..', import.meta.url).pathname;
let built: PackageBuild;

beforeAll(async () => {
  built = await buildPackage(packageDir);
}, 60_000);
afterAll(() => built?.cleanup());

describe('the built kernel', () => {
  it('imports nothing but the allowed dependencies', () => {
    const external = built.externalImports();
    expect(external.length).toBeGreaterThan(0);
    for (const specifier of external) expect(ALLOWED.some((re) => re.test(specifier)), specifier).toBe(true);
    expect(external).not.toContain('react');
  });

  it('declares exactly those dependencies', () => {
    const pkg = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8'));
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['@noble/hashes', '@scure/base', 'jotai', 'mitt']);
    expect(pkg.peerDependencies).toBeUndefined();
    expect(pkg.sideEffects).toBe(false);
    expect(pkg.type).toBe('module');
  });

  it('performs no I/O, timers or DOM access when imported in Node', () => {
    const probe = join(built.outDir, 'probe.mjs');
    writeFileSync(
      probe,
      `
      import fs from 'node:fs'; import net from 'node:net'; import http from 'node:http'; import https from 'node:https'; import dgram from 'node:dgram';
      const seen = [];
      const trap = (obj, name, label) => { const orig = obj[name]; obj[name] = function (...a) { seen.push(label); return orig.apply(this, a); }; };
      for (const m of ['readFile', 'readFileSync', 'writeFile', 'writeFileSync', 'open', 'openSync', 'readdir', 'readdirSync', 'stat', 'statSync']) trap(fs, m, 'fs.' + m);
      trap(net.Socket.prototype, 'connect', 'net.connect'); trap(http, 'request', 'http.request'); trap(https, 'request', 'https.request'); trap(dgram, 'createSocket', 'dgram');
      trap(globalThis, 'fetch', 'fetch'); trap(globalThis, 'setTimeout', 'setTimeout'); trap(globalThis, 'setInterval', 'setInterval');
      for (const g of ['window', 'document', 'localStorage', 'location', 'navigator']) Object.defineProperty(globalThis, g, { configurable: true, get() { seen.push(g); return undefined; } });
      const kernel = await import('./index.js');
      if (typeof kernel.createModal !== 'function') seen.push('no createModal');
      process.stdout.write(JSON.stringify(seen));
      `,
    );
    const run = spawnSync(process.execPath, [probe], { encoding: 'utf8', cwd: packageDir });
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual([]);
  });
});
