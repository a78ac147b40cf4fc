import { beforeAll, describe, expect, it } from 'vitest';
import { buildForBudget, checkBudgets, checkFiveAdapters, describeChecks, readBudgets } from './lib/budget.mjs';

// Builds `floor`, `latch-evm` and `latch-five` from the packages' dist (built by `npm test` before vitest runs).
describe('size budget (bench/budgets.json)', () => {
  const budgets = readBudgets();
  let checks: ReturnType<typeof checkBudgets>;
  let five: ReturnType<typeof checkFiveAdapters>;

  beforeAll(async () => {
    const sizes = await buildForBudget();
    checks = checkBudgets(budgets, sizes);
    five = checkFiveAdapters(budgets, sizes);
  });

  it('first-load JS of latch-evm stays within maxOverFloorKb of the bare React floor', () => {
    const firstLoad = checks[0]!;
    expect(firstLoad.measured, describeChecks([firstLoad])).toBeLessThanOrEqual(firstLoad.budget);
  });

  it('first-load JS of latch-five (all five adapters registered) stays within fiveAdapters.maxOverFloorKb of the floor', () => {
    expect(five.measured, describeChecks([five])).toBeLessThanOrEqual(five.budget);
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
