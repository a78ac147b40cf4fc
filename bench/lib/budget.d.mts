export interface BudgetCheck {
  figure: string;
  measured: number;
  budget: number;
  ok: boolean;
}
export interface Budgets {
  firstLoad: { maxOverFloorKb: number };
  fiveAdapters: { maxOverFloorKb: number; targetOverFloorKb: number };
  featurePlugins: { maxOverLatchEvmKb: number; scenarios: Record<string, { view: string; viewKb: number; maxOverLatchEvmKb?: number }> };
  lazyChunks: Record<string, Record<string, number>>;
  otherLazyChunkKb: number;
}
export interface ScenarioSizes {
  firstLoadJs: number;
  lazy: { name: string; gzip: number }[];
}
export const KB: number;
export function kb(bytes: number): string;
export function readBudgets(): Budgets;
export function buildForBudget(): Promise<{
  floor: ScenarioSizes;
  latch: ScenarioSizes;
  five: ScenarioSizes;
  plugins: Record<string, ScenarioSizes>;
}>;
export function chunkBudgets(budgets: Budgets): Map<string, { group: string; bytes: number }>;
export function checkBudgets(budgets: Budgets, sizes: { floor: ScenarioSizes; latch: ScenarioSizes }): BudgetCheck[];
export function checkFiveAdapters(budgets: Budgets, sizes: { floor: ScenarioSizes; five: ScenarioSizes }): BudgetCheck;
export function checkFeaturePlugins(
  budgets: Budgets,
  sizes: { latch: ScenarioSizes; plugins: Record<string, ScenarioSizes> },
): BudgetCheck[];
export function describeChecks(checks: readonly BudgetCheck[]): string;
