// `npm run bench`: installs what is missing, builds every scenario, measures them in Debian's
// Chromium (interleaved runs, medians), prints the table and writes bench/RESULTS.md.
// Knobs: BENCH_RUNS (9), BENCH_WARMUP (1), BENCH_SCENARIOS (all), BENCH_THINK_MS (1000),
// BENCH_SETTLE_MS (1000), BENCH_SCREENSHOTS (a folder for one PNG of each open modal), BENCH_MODES (all three).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readBudgets } from './lib/budget.mjs';
import { buildScenario, loadToolchain } from './lib/build.mjs';
import { BENCH_DIR } from './lib/paths.mjs';
import { prepareBench, prepareRepo } from './lib/prepare.mjs';
import { findLatchPlugins } from './lib/repoPlugins.mjs';
import { describeSetup, renderResults, renderSummary } from './lib/report.mjs';
import { selectedScenarios } from './lib/scenarios.mjs';
import { serveDirectory } from './lib/server.mjs';

const options = {
  runs: Number(process.env.BENCH_RUNS ?? 9),
  warmup: Number(process.env.BENCH_WARMUP ?? 1),
  thinkMs: Number(process.env.BENCH_THINK_MS ?? 1000),
  scenarios: selectedScenarios(),
  screenshots: process.env.BENCH_SCREENSHOTS,
};
// BENCH_MODES=reload (or settled,at-once) measures only those; reload only where the scenario has it.
const MODES = (process.env.BENCH_MODES ?? 'settled,at-once,reload').split(',').map((mode) => mode.trim());

prepareRepo();
const installSeconds = prepareBench();
if (installSeconds !== null) console.log(`[bench] bench dependencies installed in ${installSeconds.toFixed(0)} s`);
// Imported only now: they need bench's playwright-core and vite, and the built @latch/testkit.
const { launchBrowser, measureRun } = await import('./lib/measure.mjs');
const { measureKernelSize, kernelSizeTable } = await import('./kernel-size.mjs');

// Sizes.
const toolchain = await loadToolchain(BENCH_DIR);
const latchAll = findLatchPlugins();
const results = [];
for (const scenario of options.scenarios) {
  const result = { scenario, sizes: null, runs: [], buildError: null };
  try {
    result.sizes = await buildScenario(scenario.name, { toolchain });
    console.log(`[bench] built ${scenario.name}: ${result.sizes.chunks} JS chunks`);
  } catch (error) {
    result.buildError = error.message;
    console.error(`[bench] building ${scenario.name} failed: ${error.message}`);
  }
  results.push(result);
}
const kernelRows = await measureKernelSize();

// Browser figures: every round visits every scenario and mode, in a rotating order.
const measured = results.filter((r) => r.sizes);
const servers = new Map();
let browserVersion = 'unknown';
try {
  for (const r of measured) servers.set(r.scenario.name, await serveDirectory(r.sizes.outDir, { index: r.sizes.html }));
  const visits = measured.flatMap((r) => MODES.filter((mode) => mode !== 'reload' || r.scenario.reload).map((mode) => ({ r, mode })));
  if (options.screenshots) mkdirSync(options.screenshots, { recursive: true });
  for (let round = -options.warmup; round < options.runs; round++) {
    const browser = await launchBrowser();
    browserVersion = browser.version();
    try {
      const shift = ((round % visits.length) + visits.length) % visits.length;
      for (const { r, mode } of [...visits.slice(shift), ...visits.slice(0, shift)]) {
        const screenshot =
          options.screenshots && round === 0 && mode === 'settled' ? join(options.screenshots, `${r.scenario.name}.png`) : undefined;
        const run = await measureRun(browser, { url: servers.get(r.scenario.name).url, mode, screenshot });
        if (round >= 0) r.runs.push({ ...run, round });
        if (!run.ok) console.error(`[bench] ${r.scenario.name} (${mode}) failed: ${run.error}`);
      }
    } finally {
      await browser.close();
    }
    console.log(`[bench] ${round < 0 ? 'warm-up round' : `round ${round + 1}/${options.runs}`} done`);
  }
} finally {
  await Promise.all([...servers.values()].map((server) => server.close()));
}

const setup = describeSetup({ browserVersion, viteVersion: toolchain.viteVersion, latchAll, options });
const report = { results, setup, options, budgets: readBudgets(), kernelRows, kernelTable: kernelSizeTable };
writeFileSync(join(BENCH_DIR, 'RESULTS.md'), `${renderResults(report)}`);
console.log(`\n${renderSummary(report)}\n\n[bench] wrote bench/RESULTS.md`);

const failed = results.filter((r) => !r.sizes || !r.runs.some((run) => run.ok)).map((r) => r.scenario.name);
if (failed.length) {
  console.error(`[bench] no successful run for: ${failed.join(', ')}`);
  process.exit(1);
}
