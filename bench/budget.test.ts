import { beforeAll, describe, expect, it } from 'vitest';
import { buildForBudget, checkBudgets, checkFeaturePlugins, checkFiveAdapters, describeChecks, readBudgets } from './lib/budget.mjs';

// Builds `floor`, `latch-evm`, `latch-five` and the feature-plugin scenarios from the packages' dist (built by `npm test` before vitest runs).
describe('size budget (bench/budgets.json)', () => {
  const budgets = readBudgets();
  let checks: ReturnType<typeof checkBudgets>;
  let five: ReturnType<typeof checkFiveAdapters>;
  let plugins: ReturnType<typeof checkFeaturePlugins>;

  beforeAll(async () => {
    const sizes = await buildForBudget();
    checks = checkBudgets(budgets, sizes);
    five = checkFiveAdapters(budgets, sizes);
    plugins = checkFeaturePlugins(budgets, sizes);
  });

  it('first-load JS of latch-evm stays within maxOverFloorKb of the bare React floor', () => {
    const firstLoad = checks[0]!;
    expect(firstLoad.measured, describeChecks([firstLoad])).toBeLessThanOrEqual(firstLoad.budget);
  });

  it('first-load JS of latch-five (all five adapters registered) stays within fiveAdapters.maxOverFloorKb of the floor', () => {
    expect(five.measured, describeChecks([five])).toBeLessThanOrEqual(five.budget);
  });

  it('registering a feature plugin adds at most featurePlugins.maxOverLatchEvmKb to first load; its view is a lazy chunk within budget', () => {
    expect(plugins.length).toBeGreaterThan(0);
    const over = plugins.filter((c) => !c.ok);
    expect(over.length, describeChecks(plugins)).toBe(0);
  });

  it('every lazy chunk of latch-evm stays under its budget', () => {
    const chunks = checks.slice(1);
    expect(chunks.length, 'latch-evm has no lazy chunk: the modal is no longer code-split').toBeGreaterThan(0);
    const over = chunks.filter((c) => !c.ok);
    expect(
      over.length,
      `${over.length} lazy chunk(s) over budget:\n${describeChecks(over)}\n\nall chunks:\n${describeChecks(chunks)}\n`,
    ).toBe(0);
  });
});
