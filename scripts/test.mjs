// `npm test`: install what is missing, type-check, build, run every test, print one summary line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ensureInstall } from './ensure-install.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
ensureInstall(root);

// The services' Postgres suites start a real server from Debian's package (`.ci/run` installs it when missing).
const hasPostgres =
  process.env.LATCH_TEST_POSTGRES_URL ||
  process.env.LATCH_POSTGRES_BIN ||
  (existsSync('/usr/lib/postgresql') && readdirSync('/usr/lib/postgresql').some((v) => existsSync(`/usr/lib/postgresql/${v}/bin/initdb`)));
if (!hasPostgres) {
  console.warn(
    '[latch] PostgreSQL is not installed: the Postgres suites will fail. Install Debian\'s "postgresql" package ' +
      '(`.ci/run` does it) or set LATCH_TEST_POSTGRES_URL.',
  );
}

function step(title, command, args) {
  console.log(`\n[latch] ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env: process.env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.error(`[latch] ${title} failed (exit ${run.status ?? run.signal}) after ${seconds}s`);
    return false;
  }
  console.log(`[latch] ${title} ok in ${seconds}s`);
  return true;
}

// The build step builds every workspace but the Next.js example, whose `next build` (the slowest of all) opens its
// end-to-end step instead, beside the unit tests rather than before them: nothing else in the run reads its output
// (the packaging test builds the example again, from the tarballs).
const NEXTJS_WORKSPACE = 'examples/nextjs';
const workspaces = JSON.parse(readFileSync('package.json', 'utf8')).workspaces.filter((w) => w !== NEXTJS_WORKSPACE);
const buildArgs = ['run', 'build', '--silent', '--if-present', ...workspaces.flatMap((w) => ['-w', w])];
const nextjsBuildArgs = ['run', 'build', '--silent', '-w', NEXTJS_WORKSPACE];

const ok =
  step('format and lint (Biome)', 'npx', ['biome', 'check', '--error-on-warnings', '.']) &&
  step('type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) &&
  step('build', 'npm', buildArgs);
if (!ok) process.exit(1);

mkdirSync('.latch-test-results', { recursive: true });
const vitestJson = '.latch-test-results/vitest.json';
const playwrightJson = '.latch-test-results/playwright.json';
const nextjsPlaywrightJson = '.latch-test-results/playwright-nextjs.json';
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });
rmSync(nextjsPlaywrightJson, { force: true });

/**
 * A step run beside others: its output goes to the console line by line, each line marked with `prefix` (or as it
 * comes, with none). Resolves whether it passed.
 */
function concurrentStep(title, command, args, prefix) {
  console.log(`\n[latch] ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', env: process.env });
    if (prefix) {
      for (const stream of [child.stdout, child.stderr])
        createInterface({ input: stream }).on('line', (line) => console.log(`${prefix} ${line}`));
    }
    child.on('close', (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (code === 0) console.log(`[latch] ${title} ok in ${seconds}s`);
      else console.error(`[latch] ${title} failed (exit ${code ?? signal}) after ${seconds}s`);
      resolve(code === 0);
    });
  });
}

/** The Next.js example's e2e step: its `next build`, then its end-to-end tests (none when the build fails). */
async function nextjsStep(prefix) {
  return (
    (await concurrentStep('build, Next.js example', 'npm', nextjsBuildArgs, prefix)) &&
    concurrentStep('end-to-end tests, Next.js example', 'npx', nextjsArgs, prefix)
  );
}

const unitArgs = ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestJson}`];
// End-to-end in Debian's Chromium against the built demo, real anvil chains and mock wallets.
const e2eArgs = ['playwright', 'test', '-c', 'examples/react-vite/playwright.config.ts'];
// The Next.js example (built first, `nextjsStep`): one `next start`, its own anvil and Solana RPC.
const nextjsArgs = ['playwright', 'test', '-c', 'examples/nextjs/playwright.config.ts'];
let unitOk;
let e2eOk;
let nextjsOk;
if (process.env.LATCH_TEST_SERIAL === '1') {
  unitOk = step('unit and component tests', 'npx', unitArgs);
  e2eOk = step('end-to-end tests', 'npx', e2eArgs);
  nextjsOk = step('build, Next.js example', 'npm', nextjsBuildArgs) && step('end-to-end tests, Next.js example', 'npx', nextjsArgs);
} else {
  // Most of a test's time waits on chains, services and the browser, not on the CPU: the unit tests and the two
  // end-to-end suites run at the same time (each on its own processes and free ports), the e2e output marked.
  [unitOk, e2eOk, nextjsOk] = await Promise.all([
    concurrentStep('unit and component tests', 'npx', unitArgs),
    concurrentStep('end-to-end tests', 'npx', e2eArgs, '[e2e]'),
    nextjsStep('[e2e next]'),
  ]);
}

let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests + (report.numRuntimeErrorTests ?? 0);
  skipped += report.numPendingTests + report.numTodoTests;
} else failed += 1;
for (const json of [playwrightJson, nextjsPlaywrightJson]) {
  if (existsSync(json)) {
    const { stats } = JSON.parse(readFileSync(json, 'utf8'));
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
    if (stats.flaky) console.log(`[latch] ${stats.flaky} end-to-end test(s) passed only on retry`);
  } else failed += 1;
}

console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(unitOk && e2eOk && nextjsOk && failed === 0 ? 0 : 1);
