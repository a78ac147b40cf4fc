import { defineProject } from 'vitest/config';
import { serviceTimeouts } from '../vitest.shared.js';

// Inside `npm test`: the size budget and the benchmarks' own helpers; the browser benchmark is `npm run bench`.
export default defineProject({
  test: {
    name: 'bench-budget',
    environment: 'node',
    include: ['budget.test.ts', 'lib/*.test.ts'],
    // The budget test builds the packages for production: a real process, as slow as a start-up under load.
    ...serviceTimeouts,
  },
});
