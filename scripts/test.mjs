// `npm test`: install what is missing, type-check, build, run every test, print one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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

const ok =
  step('format and lint (Biome)', 'npx', ['biome', 'check', '--error-on-warnings', '.']) &&
  step('type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) &&
  step('build', 'npm', ['run', 'build', '--silent']);
if (!ok) process.exit(1);

mkdirSync('.latch-test-results', { recursive: true });
const vitestJson = '.latch-test-results/vitest.json';
const playwrightJson = '.latch-test-results/playwright.json';
const nextjsPlaywrightJson = '.latch-test-results/playwright-nextjs.json';
rmSync(vitestJson, { force: true });
rmSync(playwrightJson, { force: true });
rmSync(nextjsPlaywrightJson, { force: true });

const unitOk = step('unit and component tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
// End-to-end in Debian's Chromium against the built demo, real anvil chains and mock wallets.
const e2eOk = step('end-to-end tests', 'npx', ['playwright', 'test', '-c', 'examples/react-vite/playwright.config.ts']);
// The Next.js example (built by `npm run build` above): one `next start`, its own anvil and Solana RPC.
const nextjsOk = step('end-to-end tests, Next.js example', 'npx', ['playwright', 'test', '-c', 'examples/nextjs/playwright.config.ts']);

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
