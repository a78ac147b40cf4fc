// The size budget (bench/budgets.json) against `floor` and `latch-evm` built with the repo root's
// Vite, React and jotai, so `npm test` checks it without bench's own node_modules.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { buildScenario, loadToolchain } from './build.mjs';
import { BENCH_DIR, BUILD_DIR, REPO_ROOT } from './paths.mjs';

export const KB = 1024;
export const kb = (bytes) => `${(bytes / KB).toFixed(2)} kB`;

export function readBudgets() {
  return JSON.parse(readFileSync(join(BENCH_DIR, 'budgets.json'), 'utf8'));
}

/** Builds the budget's scenarios (floor, latch-evm, latch-five, the feature-plugin ones) into a throw-away folder and returns their sizes. */
export async function buildForBudget() {
  const toolchain = await loadToolchain(REPO_ROOT);
  mkdirSync(BUILD_DIR, { recursive: true });
  const work = mkdtempSync(join(BUILD_DIR, 'budget-'));
  try {
    const build = (name) => buildScenario(name, { toolchain, outDir: join(work, name), moduleRoot: REPO_ROOT });
    const sizes = { floor: await build('floor'), latch: await build('latch-evm'), five: await build('latch-five'), plugins: {} };
    for (const name of Object.keys(readBudgets().featurePlugins?.scenarios ?? {})) sizes.plugins[name] = await build(name);
    return sizes;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** Budget per lazy chunk name, flattened from budgets.json's groups, in bytes. */
export function chunkBudgets(budgets) {
  const byName = new Map();
  for (const [group, chunks] of Object.entries(budgets.lazyChunks)) {
    for (const [name, limitKb] of Object.entries(chunks)) if (!name.startsWith('$')) byName.set(name, { group, bytes: limitKb * KB });
  }
  return byName;
}

/**
 * Every check as { figure, measured, budget } in bytes; `ok` when measured ≤ budget. A lazy chunk
 * named in no group gets `otherLazyChunkKb`, so a new chunk is never unbudgeted.
 */
export function checkBudgets(budgets, { floor, latch }) {
  const checks = [
    {
      figure: `first-load JS of latch-evm (≤ floor ${kb(floor.firstLoadJs)} + ${budgets.firstLoad.maxOverFloorKb} kB)`,
      measured: latch.firstLoadJs,
      budget: floor.firstLoadJs + budgets.firstLoad.maxOverFloorKb * KB,
    },
  ];
  const named = chunkBudgets(budgets);
  for (const chunk of latch.lazy) {
    const budget = named.get(chunk.name);
    checks.push({
      figure: budget
        ? `lazy chunk ${chunk.name} (${budget.group})`
        : `lazy chunk ${chunk.name} (not named in budgets.json: otherLazyChunkKb)`,
      measured: chunk.gzip,
      budget: budget?.bytes ?? budgets.otherLazyChunkKb * KB,
    });
  }
  return checks.map((check) => ({ ...check, ok: check.measured <= check.budget }));
}

/**
 * The guard on latch-five's first load (budgets.json `fiveAdapters`), with issue 13's target in its wording:
 * { figure, measured, budget, ok } in bytes.
 */
export function checkFiveAdapters(budgets, { floor, five }) {
  const { maxOverFloorKb, targetOverFloorKb } = budgets.fiveAdapters;
  const over = five.firstLoadJs - floor.firstLoadJs;
  const target = targetOverFloorKb * KB;
  const budget = floor.firstLoadJs + maxOverFloorKb * KB;
  return {
    figure: `first-load JS of latch-five (≤ floor ${kb(floor.firstLoadJs)} + ${maxOverFloorKb} kB; issue 13's target + ${targetOverFloorKb} kB, ${
      over <= target ? 'met' : `missed by ${kb(over - target)}`
    })`,
    measured: five.firstLoadJs,
    budget,
    ok: five.firstLoadJs <= budget,
  };
}

/**
 * Per feature-plugin scenario (budgets.json `featurePlugins`): its first load over latch-evm's, and
 * its view chunk, as { figure, measured, budget, ok } in bytes.
 */
export function checkFeaturePlugins(budgets, { latch, plugins }) {
  const { maxOverLatchEvmKb, scenarios } = budgets.featurePlugins;
  return Object.entries(scenarios).flatMap(([name, { view, viewKb, maxOverLatchEvmKb: own }]) => {
    // A scenario may set its own allowance (a connector plugin: 1 kB).
    const allowance = own ?? maxOverLatchEvmKb;
    const sizes = plugins[name];
    const chunk = sizes.lazy.find((c) => c.name === view);
    const checks = [
      {
        figure: `first-load JS of ${name} (≤ latch-evm ${kb(latch.firstLoadJs)} + ${allowance} kB)`,
        measured: sizes.firstLoadJs,
        budget: latch.firstLoadJs + allowance * KB,
      },
      {
        figure: `lazy chunk ${view} of ${name}${chunk ? '' : ' (missing: the view is no longer its own chunk)'}`,
        measured: chunk?.gzip ?? Infinity,
        budget: viewKb * KB,
      },
    ];
    return checks.map((check) => ({ ...check, ok: check.measured <= check.budget }));
  });
}

/** One line per check: "✗ figure: 93.10 kB > budget 91.00 kB". */
export function describeChecks(checks) {
  return checks.map((c) => `${c.ok ? '✓' : '✗'} ${c.figure}: ${kb(c.measured)} ${c.ok ? '≤' : '>'} budget ${kb(c.budget)}`).join('\n');
}
