// `npm test`: install what is missing, type-check, build, run every test, print one summary line.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureInstall } from './ensure-install.mjs';

const root = new URL('..', import.meta.url).pathname;
process.chdir(root);
ensureInstall(root);

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
  step('type-check', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']) &&
  step('build', 'npm', ['run', 'build', '--silent']);
if (!ok) process.exit(1);

const results = '.latch-test-results/vitest.json';
mkdirSync('.latch-test-results', { recursive: true });
rmSync(results, { force: true });
const testsOk = step('tests', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${results}`]);

if (existsSync(results)) {
  const report = JSON.parse(readFileSync(results, 'utf8'));
  const failed = report.numFailedTests + (report.numRuntimeErrorTests ?? 0);
  const skipped = report.numPendingTests + report.numTodoTests;
  console.log(`\n${report.numPassedTests} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
} else {
  console.log('\n0 passed, 1 failed');
}
process.exit(testsOk ? 0 : 1);
