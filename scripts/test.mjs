// `npm test`: install what is missing, type-check, build, run every test, print one summary line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { PACKED_APP_ENV } from '../examples/nextjs/scripts/appDir.mjs';
import { ensureInstall } from './ensure-install.mjs';
import { playwrightFailures } from './test-support/failures.mjs';

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

function step(title, command, args, env = process.env) {
  console.log(`\n[latch] ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: 'inherit', env });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (run.status !== 0) {
    console.error(`[latch] ${title} failed (exit ${run.status ?? run.signal}) after ${seconds}s`);
    return false;
  }
  console.log(`[latch] ${title} ok in ${seconds}s`);
  return true;
}

// The build step builds every workspace but the Next.js example: its e2e serves the copy the packaging tests install
// from the tarballs and build outside the repository (packaging/packedApps.test.ts, in `packagingAndNextjs`), as an
// integrator installs it, so the example is built once, and not from the workspace.
const NEXTJS_WORKSPACE = 'examples/nextjs';
const workspaces = JSON.parse(readFileSync('package.json', 'utf8')).workspaces.filter((w) => w !== NEXTJS_WORKSPACE);
const buildArgs = ['run', 'build', '--silent', '--if-present', ...workspaces.flatMap((w) => ['-w', w])];

/** `LATCH_TEST_SERIAL=1`: every step one after another, its output as it comes (easier to read when chasing a failure). */
const serial = process.env.LATCH_TEST_SERIAL === '1';

/*
 * Lint, type-check and build, side by side (one after the other when the run is serial). They do not depend on each
 * other: the type-check reads the packages' sources (tsconfig.json maps every @latch import to src, and passes on a new
 * clone, where no dist/ exists yet) and Biome ignores dist/, the only place the build writes. The build alone keeps
 * about 1.5 of 2 cores busy (many short `vite build` and `tsc` processes, each package after the one it needs), so the
 * other two run in what it leaves: 75 s for the three side by side against 88 s one after the other, on 2 cores.
 * The tests start only when all three passed.
 */
const prologue = [
  ['format and lint (Biome)', 'npx', ['biome', 'check', '--error-on-warnings', '.'], '[lint]'],
  // One checker thread: tsc's default parallel checkers each work out again the types the files share (React's, viem's),
  // which is a third more CPU for the same check; beside the build on 2 cores that CPU is the build's. Measured, the
  // three steps side by side: 75 and 78 s wall, 133 and 139 CPU-s, against 87 and 91 s, 157 and 164 CPU-s with the
  // default (the type-check alone: 34 CPU-s against 52, 29 s against 27 s of wall). `npm run typecheck` keeps the default.
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit', '--singleThreaded'], '[types]'],
  ['build', 'npm', buildArgs, '[build]'],
];
const prologueOk = serial
  ? prologue.every(([title, command, args]) => step(title, command, args))
  : (await Promise.all(prologue.map(([title, command, args, prefix]) => concurrentStep(title, command, args, prefix)))).every(Boolean);
if (!prologueOk) process.exit(1);

mkdirSync('.latch-test-results', { recursive: true });
const vitestJson = '.latch-test-results/vitest.json';
const packagingJson = '.latch-test-results/vitest-packaging.json';
const playwrightJson = '.latch-test-results/playwright.json';
const nextjsPlaywrightJson = '.latch-test-results/playwright-nextjs.json';
const unitFailures = '.latch-test-results/vitest-failures.json';
const packagingFailures = '.latch-test-results/vitest-packaging-failures.json';
for (const json of [vitestJson, packagingJson, playwrightJson, nextjsPlaywrightJson, unitFailures, packagingFailures])
  rmSync(json, { force: true });

// The folder, outside the repository, where the packaging tests install the Next.js example from the tarballs, build it
// and leave it for its e2e (about 600 MB with its node_modules): removed when the run ends.
const packedNextjsDir = mkdtempSync(join(tmpdir(), 'latch-nextjs-packed-'));
process.on('exit', () => rmSync(packedNextjsDir, { recursive: true, force: true }));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(1));

/**
 * A step run beside others: its output goes to the console line by line, each line marked with `prefix` (or as it
 * comes, with none). Resolves whether it passed.
 */
function concurrentStep(title, command, args, prefix, env = process.env) {
  console.log(`\n[latch] ${title}: ${command} ${args.join(' ')}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: prefix ? ['ignore', 'pipe', 'pipe'] : 'inherit', env });
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

/*
 * CPU priority of the lanes beside the unit tests. The unit lane is the longest (its first worker group is one process,
 * project after project), and on a 2-core machine it shared the cores with Chromium, the Next.js build and npm
 * installs, each with threads of their own: a file that took 10 s alone took 97 s there. The e2e and packaging lanes
 * end long before it (824 s and 545 s of a 1,324 s run), so they run at a lower priority (`nice`, Linux and macOS) and
 * take what the unit tests leave; alone on the machine, a lane at a lower priority runs as fast as before. Measured on
 * 2 cores, five full runs at nice 4 took 1,144–1,316 s (1,296–1,324 s before). Not lower: with the packaging tests at
 * nice 10 (full runs 1,184 and 1,196 s here), the packed apps' installs and builds took 694 s instead of 375 s, and on
 * the slower CI machine the run ended with the Next.js example not built (its e2e never ran).
 */
const LANE_NICENESS = 4;
/** `command` with `args`, run at `niceness` where the platform has `nice`. */
const niced = (niceness, command, args) =>
  process.platform === 'win32' ? [command, args] : ['nice', ['-n', String(niceness), command, ...args]];

/** A step of the packaging lane: `concurrentStep`, or `step` when the run is serial. */
const laneStep = (title, command, args, prefix, env) =>
  serial ? Promise.resolve(step(title, command, args, env)) : concurrentStep(title, ...niced(LANE_NICENESS, command, args), prefix, env);

/**
 * The packaging tests, then the Next.js example's e2e against the copy they installed from the tarballs and built in
 * `packedNextjsDir` (packaging/packedApps.test.ts), so the example is built once, the way an integrator builds it. The
 * e2e waits for the packaging project, whose longest file is that install and build, and the lane still ends long
 * before the unit tests (a full run on the loaded 2-core machine: 285 s + 85 s, the unit tests 662 s). No e2e when
 * that build is missing.
 */
async function packagingAndNextjs() {
  const env = { ...process.env, [PACKED_APP_ENV]: packedNextjsDir };
  const packagingOk = await laneStep('packaging tests', 'npx', packagingArgs, '[packaging]', {
    ...env,
    LATCH_FAILURES_FILE: packagingFailures,
  });
  if (!existsSync(join(packedNextjsDir, '.next/BUILD_ID'))) {
    console.error('[latch] the packaging tests built no Next.js example from the tarballs: its end-to-end tests did not run');
    return false;
  }
  const e2eNextOk = await laneStep('end-to-end tests, Next.js example (built from the tarballs)', 'npx', nextjsArgs, '[e2e next]', env);
  return packagingOk && e2eNextOk;
}

// Each Vitest lane also writes its failures, one line each (scripts/test-support/failures.mjs), for the summary.
const vitestArgs = (json) => [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${json}`,
  '--reporter=./scripts/test-support/failures.mjs',
];
const failuresEnv = (file) => ({ ...process.env, LATCH_FAILURES_FILE: file });
// Every Vitest project but `packaging`, which runs in `packagingAndNextjs`.
const unitArgs = [...vitestArgs(vitestJson), '--project=!packaging'];
const packagingArgs = [...vitestArgs(packagingJson), '--project=packaging'];
// End-to-end in Debian's Chromium against the built demo, real anvil chains and mock wallets.
const e2eArgs = ['playwright', 'test', '-c', 'examples/react-vite/playwright.config.ts'];
// The Next.js example (built by the packaging tests): one `next start`, its own anvil and Solana RPC.
const nextjsArgs = ['playwright', 'test', '-c', 'examples/nextjs/playwright.config.ts'];
let unitOk;
let e2eOk;
let nextjsOk;
if (serial) {
  unitOk = step('unit and component tests', 'npx', unitArgs, failuresEnv(unitFailures));
  e2eOk = step('end-to-end tests', 'npx', e2eArgs);
  nextjsOk = await packagingAndNextjs();
} else {
  // Most of a test's time waits on chains, services and the browser, not on the CPU: the unit tests, the Vite demo's
  // e2e and the packaging lane run at the same time (each on its own processes and free ports), the others' output
  // marked.
  [unitOk, e2eOk, nextjsOk] = await Promise.all([
    concurrentStep('unit and component tests', 'npx', unitArgs, undefined, failuresEnv(unitFailures)),
    concurrentStep('end-to-end tests', ...niced(LANE_NICENESS, 'npx', e2eArgs), '[e2e]'),
    packagingAndNextjs(),
  ]);
}

let passed = 0;
let failed = 0;
let skipped = 0;
// What failed, one line each, printed last: a CI log is read from its tail.
const failures = [];
for (const [lane, json, failuresFile] of [
  ['unit', vitestJson, unitFailures],
  ['packaging', packagingJson, packagingFailures],
]) {
  if (existsSync(json)) {
    const report = JSON.parse(readFileSync(json, 'utf8'));
    passed += report.numPassedTests;
    failed += report.numFailedTests + (report.numRuntimeErrorTests ?? 0);
    skipped += report.numPendingTests + report.numTodoTests;
  } else failed += 1;
  if (existsSync(failuresFile)) failures.push(...JSON.parse(readFileSync(failuresFile, 'utf8')).map((line) => `[${lane}] ${line}`));
  else failures.push(`[${lane}] the Vitest run wrote no report: see its output above`);
}
for (const [lane, json] of [
  ['e2e', playwrightJson],
  ['e2e next', nextjsPlaywrightJson],
]) {
  if (existsSync(json)) {
    const report = JSON.parse(readFileSync(json, 'utf8'));
    const { stats } = report;
    passed += stats.expected + stats.flaky;
    failed += stats.unexpected;
    skipped += stats.skipped;
    if (stats.flaky) console.log(`[latch] ${stats.flaky} end-to-end test(s) passed only on retry`);
    failures.push(...playwrightFailures(report).map((line) => `[${lane}] ${line}`));
  } else {
    failed += 1;
    failures.push(`[${lane}] the Playwright run wrote no report (it did not run, or did not end): see the output above`);
  }
}

if (failures.length) console.log(`\n[latch] what failed:\n${failures.map((line) => `  ${line}`).join('\n')}`);
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(unitOk && e2eOk && nextjsOk && failed === 0 && failures.length === 0 ? 0 : 1);
