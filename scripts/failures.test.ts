import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstLine, playwrightFailures } from './test-support/failures.mjs';

const repoRoot = join(import.meta.dirname, '..');
const reporter = join(import.meta.dirname, 'test-support/failures.mjs');

/** A folder outside the repository that resolves packages from the repository's node_modules. */
let dir = '';
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'latch-failures-'));
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs `command` (from node_modules/.bin) in `dir` with `env` added; returns its exit code. */
function run(command: string, args: string[], env: Record<string, string>): number {
  try {
    execFileSync(join(dir, 'node_modules/.bin', command), args, { cwd: dir, env: { ...process.env, ...env }, stdio: 'pipe' });
    return 0;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

/** `run`, for files that hold failures: the runner must exit non-zero. */
function runFailing(command: string, args: string[], env: Record<string, string>) {
  expect(run(command, args, env), `${command} exits non-zero on failing tests`).not.toBe(0);
}

describe('the Vitest reporter', () => {
  it('names a failed test, a failed hook and the tests it kept from running, a file that cannot load', () => {
    writeFileSync(join(dir, 'vitest.config.mjs'), "export default { test: { include: ['v-*.test.ts'] } };\n");
    writeFileSync(
      join(dir, 'v-hooks.test.ts'),
      `import { beforeAll, describe, expect, it } from 'vitest';
describe('installed app', () => {
  beforeAll(() => { throw new Error('npm run build timed out after 570 s\\nits output'); });
  it('one', () => {});
  it('two', () => {});
});
it('adds', () => { expect(1 + 1).toBe(3); });
it('passes', () => {});
`,
    );
    writeFileSync(
      join(dir, 'v-top.test.ts'),
      `import { beforeAll, it } from 'vitest';
beforeAll(() => { throw new Error('the chain did not start'); });
it('reads', () => {});
`,
    );
    writeFileSync(join(dir, 'v-import.test.ts'), "import './missing.js';\nimport { it } from 'vitest';\nit('x', () => {});\n");
    const out = join(dir, 'vitest-failures.json');
    runFailing('vitest', ['run', '--root', dir, `--reporter=${reporter}`], { LATCH_FAILURES_FILE: out });
    const lines: string[] = JSON.parse(readFileSync(out, 'utf8'));
    expect(lines).toHaveLength(4);
    expect(lines).toEqual(
      expect.arrayContaining([
        'v-hooks.test.ts › installed app: npm run build timed out after 570 s (2 tests did not run)',
        'v-hooks.test.ts › adds: expected 2 to be 3 // Object.is equality',
        expect.stringMatching(/^v-import\.test\.ts: Cannot find module '\.\/missing\.js'/),
        'v-top.test.ts: the chain did not start (1 test did not run)',
      ]),
    );
  });

  it('writes an empty list when every test passes', () => {
    writeFileSync(join(dir, 'vitest.config.mjs'), "export default { test: { include: ['ok-*.test.ts'] } };\n");
    writeFileSync(join(dir, 'ok-one.test.ts'), "import { it } from 'vitest';\nit('passes', () => {});\n");
    const out = join(dir, 'vitest-ok.json');
    expect(run('vitest', ['run', '--root', dir, `--reporter=${reporter}`], { LATCH_FAILURES_FILE: out })).toBe(0);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([]);
  });
});

describe('playwrightFailures', () => {
  it('names the tests of a Playwright JSON report that failed on every try, with their describe blocks, not the flaky ones', () => {
    writeFileSync(
      join(dir, 'playwright.config.mjs'),
      "export default { testMatch: 'p-*.spec.ts', retries: 1, reporter: [['json']], workers: 1 };\n",
    );
    writeFileSync(
      join(dir, 'p-one.spec.ts'),
      `import { expect, test } from '@playwright/test';
test.describe('send', () => {
  test('shows the fee', () => { expect('0.1 ETH').toBe('0.2 ETH'); });
});
test('passes on its retry', ({}, info) => { expect(info.retry).toBe(1); });
test('passes', () => {});
`,
    );
    const out = join(dir, 'playwright.json');
    runFailing('playwright', ['test', '-c', join(dir, 'playwright.config.mjs')], { PLAYWRIGHT_JSON_OUTPUT_NAME: out });
    const report = JSON.parse(readFileSync(out, 'utf8'));
    expect(report.stats).toMatchObject({ expected: 1, unexpected: 1, flaky: 1 });
    expect(playwrightFailures(report)).toEqual([
      'p-one.spec.ts › send › shows the fee: Error: expect(received).toBe(expected) // Object.is equality',
    ]);
  });

  it('names an error outside any test (a global set-up that threw)', () => {
    expect(playwrightFailures({ errors: [{ message: 'Error: anvil did not start\n    at setup' }], suites: [] })).toEqual([
      'an error outside any test: Error: anvil did not start',
    ]);
  });
});

it('firstLine keeps the first line of a message, without colours, bounded', () => {
  expect(firstLine('\x1b[31mboom\x1b[39m\n  at x')).toBe('boom');
  expect(firstLine('')).toBe('(no message)');
  expect(firstLine('x'.repeat(300))).toHaveLength(240);
});
