// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { START_UP_TIMEOUT_MS } from '@latch/testkit';
import { describe, expect, it } from 'vitest';

// The service as an integrator runs it: the built entries in plain Node, without vitest's aliases to the sources.
// (A dependency copied under dist/ once resolved its own imports against the wrong @noble/hashes and only plain
// Node showed it; `npm test` builds every package before the tests run.)
const dist = new URL('../../dist/', import.meta.url).pathname;

function node(args: string[]) {
  // A bound against a hang: Node loading the built service is a process start-up, slow on a loaded machine.
  return spawnSync(process.execPath, args, { cwd: dist, encoding: 'utf8', timeout: START_UP_TIMEOUT_MS });
}

describe('the built service entries', () => {
  it('exist (built by `npm test` or `npm run build -w service-embedded-wallet` first)', () => {
    expect(existsSync(`${dist}index.js`), `${dist}index.js is missing: build the package first`).toBe(true);
  });

  it('dist/index.js imports in plain Node and exports the service API', () => {
    const run = node([
      '--input-type=module',
      '-e',
      `const m = await import(${JSON.stringify(`${dist}index.js`)}); console.log(JSON.stringify(Object.keys(m).sort()));`,
    ]);
    expect(run.stderr).toBe('');
    expect(JSON.parse(run.stdout)).toEqual(expect.arrayContaining(['createEmbeddedWalletService', 'startEmbeddedWalletService']));
  });

  it('the CLI answers --help in plain Node', () => {
    const run = node([`${dist}cli.js`, '--help']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain('latch-embedded-wallet-service');
    expect(run.stdout).toContain('--farcaster');
    expect(run.stdout).toContain('--social');
  });
});
