import { defineProject } from 'vitest/config';

// Only the size budget runs inside `npm test`; the browser benchmark is `npm run bench`.
export default defineProject({
  test: {
    name: 'bench-budget',
    environment: 'node',
    include: ['budget.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
