/**
 * `@latch/testkit/conformance`: the test suite every Latch ChainAdapter must pass. Runs under
 * vitest; kept apart from the main entry so Playwright fixtures never load vitest.
 */
export { describeAdapterConformance } from './adapterConformance.js';
export type { ConformanceHarness, ConformanceWallet } from './harness.js';
