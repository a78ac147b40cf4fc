// Issue 13's size figures, from the packages' built dist (run `npm run build` first): `npm run size:five`.
//  1. First-load JS of `floor`, `latch-evm` and `latch-five` (the five adapters registered), against the issue's
//     target (≤ floor + 32 kB) and the budget test's guard (budgets.json `fiveAdapters`).
//  2. What each adapter adds to latch-five's first load: latch-five minus the same page without it.
//  3. Each adapter alone as a host bundles it (`create…Adapter()`, chain SDK bundled, kernel external): eager and lazy.
// Gzip level 9, 1 kB = 1024 bytes, built with the repo root's Vite (as the budget test), in bench/.build (gitignored).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { kb, readBudgets } from './lib/budget.mjs';
import { buildScenario, loadToolchain } from './lib/build.mjs';
import { adapterSizes, FIVE_ADAPTERS, writePage } from './lib/fiveAdapters.mjs';
import { BUILD_DIR, REPO_ROOT } from './lib/paths.mjs';

const ISSUE_TARGET_OVER_FLOOR_KB = 32;

const toolchain = await loadToolchain(REPO_ROOT);
mkdirSync(BUILD_DIR, { recursive: true });
const work = mkdtempSync(join(BUILD_DIR, 'five-adapters-'));
try {
  const build = (name, scenarioDir) =>
    buildScenario(name, { toolchain, outDir: join(work, 'out', name), moduleRoot: REPO_ROOT, ...(scenarioDir ? { scenarioDir } : {}) });
  const floor = await build('floor');
  const evm = await build('latch-evm');
  const five = await build('latch-five');
  const over = (sizes) => sizes.firstLoadJs - floor.firstLoadJs;
  const guard = readBudgets().fiveAdapters?.maxOverFloorKb;

  console.log('\nFirst-load JS (entry + static imports), gzip\n| page | first load | over floor |\n|---|---:|---:|');
  console.log(`| floor (React + a button) | ${kb(floor.firstLoadJs)} | |`);
  console.log(`| latch-evm (eip155) | ${kb(evm.firstLoadJs)} | +${kb(over(evm))} |`);
  console.log(`| latch-five (eip155, solana, polkadot, bip122, cosmos) | ${kb(five.firstLoadJs)} | +${kb(over(five))} |`);
  const target = ISSUE_TARGET_OVER_FLOOR_KB * 1024;
  console.log(
    `\nIssue 13 target: latch-five ≤ floor + ${ISSUE_TARGET_OVER_FLOOR_KB} kB: ${over(five) <= target ? 'met' : `NOT met, over by ${kb(over(five) - target)}`}` +
      (guard === undefined ? '' : `; budget test guard (budgets.json fiveAdapters): floor + ${guard} kB`),
  );

  console.log(
    '\nWhat each adapter adds to latch-five (latch-five minus latch-five without it), gzip\n| adapter | eager, in latch-five |\n|---|---:|',
  );
  for (const adapter of FIVE_ADAPTERS) {
    const others = FIVE_ADAPTERS.filter((candidate) => candidate !== adapter);
    const without = await build(`without-${adapter.namespace}`, writePage(join(work, 'pages', `without-${adapter.namespace}`), others));
    console.log(`| ${adapter.packageName} | +${kb(five.firstLoadJs - without.firstLoadJs)} |`);
  }

  console.log(
    '\nEach adapter alone: create…Adapter() from its dist, chain SDK bundled, kernel external, gzip\n| adapter | eager | lazy (all import() chunks) | largest lazy chunk |\n|---|---:|---:|---:|',
  );
  for (const adapter of FIVE_ADAPTERS) {
    const sizes = await adapterSizes(toolchain, adapter, join(work, 'alone'));
    const largest = sizes.largestLazy ? `${kb(sizes.largestLazy.gzip)} (${sizes.largestLazy.name.replace(/^.*\//, '')})` : '—';
    console.log(`| ${adapter.packageName} | ${kb(sizes.eager)} | ${kb(sizes.lazy)} in ${sizes.lazyChunks} chunks | ${largest} |`);
  }
  console.log('');
} finally {
  rmSync(work, { recursive: true, force: true });
}
