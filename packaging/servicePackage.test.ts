import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { readLockPackages } from './lib/installedTree.mjs';
import { APP_HOOK_TIMEOUT_MS, freshDir, installPackedApp, runInApp } from './lib/packedApp.mjs';

/*
 * The embedded wallet service as an operator installs it: its tarball, with the @latch packages it depends on, in a
 * folder outside the repository, every other package from the npm cache. Its frame app is files (dist/frame/) built
 * with the repository's private signing core (@latch/embedded-wallet-frame) bundled in, so the install holds no copy
 * of that package and the service still serves a frame that derives keys and signs.
 */

const SERVICE = '@latch/embedded-wallet-service';
const FRAME_CORE = '@latch/embedded-wallet-frame';

let folder: ReturnType<typeof freshDir> | undefined;
let dir = '';

beforeAll(async () => {
  folder = freshDir('latch-packed-service-');
  // An empty project: the operator's folder, with the service as its one dependency.
  const source = join(folder.dir, 'source');
  mkdirSync(source);
  writeFileSync(join(source, 'package.json'), `${JSON.stringify({ name: 'wallet-service-operator', private: true, type: 'module' })}\n`);
  dir = join(folder.dir, 'installed');
  await installPackedApp({ source, dir, tarballs: new Map(Object.entries(inject('tarballs'))), extraPackages: [SERVICE] });
}, APP_HOOK_TIMEOUT_MS);
afterAll(() => folder?.remove());

describe(`${SERVICE} installed from its tarball`, () => {
  it(`installs from the tarballs without ${FRAME_CORE}, which is private`, () => {
    const packages = readLockPackages(dir);
    expect((packages[`node_modules/${SERVICE}`] as { resolved?: string } | undefined)?.resolved).toMatch(/\.tgz$/);
    expect(Object.keys(packages).filter((key) => key.endsWith(`node_modules/${FRAME_CORE}`))).toEqual([]);
  });

  it('ships the frame app with the signing core bundled in, not imported', () => {
    const assets = join(dir, 'node_modules', SERVICE, 'dist/frame/assets');
    const scripts = readdirSync(assets)
      .filter((file) => file.endsWith('.js'))
      .map((file) => readFileSync(join(assets, file), 'utf8'))
      .join('\n');
    // The key scheme's HKDF salt and the signer's refusal of an unknown method: the core's own code, in the bundle.
    expect(scripts).toContain('latch-embedded-v1');
    expect(scripts).toContain('The embedded wallet does not support');
    expect(scripts).not.toContain(FRAME_CORE);
  });

  it('runs: the CLI answers --help, and the service started from Node serves its frame page and scripts', async () => {
    const help = await runInApp(dir, join(dir, 'node_modules/.bin/latch-embedded-wallet-service'), ['--help']);
    expect(help).toContain('latch-embedded-wallet-service');
    // A module script run by Node in the installed folder: bare specifiers resolve from its node_modules.
    const served = await runInApp(dir, process.execPath, [
      '--input-type=module',
      '-e',
      `
      import { startEmbeddedWalletService } from '${SERVICE}';
      const service = await startEmbeddedWalletService({
        projects: [{ id: 'demo', allowedOrigins: ['http://127.0.0.1:9'] }],
        // Never reached: no code is sent in this run.
        smtp: { host: '127.0.0.1', port: 9, from: 'Wallet <wallet@service.test>' },
        secret: 'a-test-secret-of-at-least-32-characters',
        port: 0,
      });
      try {
        const page = await fetch(service.url + '/frame?projectId=demo&chainId=1&v=1');
        const html = await page.text();
        const scripts = [...html.matchAll(/src="(\\/frame\\/assets\\/[^"]+\\.js)"/g)].map((match) => match[1]);
        const statuses = await Promise.all(scripts.map(async (path) => (await fetch(service.url + path)).status));
        console.log(JSON.stringify({ status: page.status, scripts: scripts.length, statuses }));
      } finally {
        await service.close();
      }
    `,
    ]);
    const { status, scripts, statuses } = JSON.parse(served.trim().split('\n').at(-1) ?? '{}');
    expect(status).toBe(200);
    expect(scripts).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set([200]));
  });
});
