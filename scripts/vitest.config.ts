import { defineProject } from 'vitest/config';
import { serviceTimeouts } from '../vitest.shared.js';

// The scripts of `npm test` itself: each test runs a real Vitest or Playwright on a few files written for it.
export default defineProject({
  test: {
    name: 'scripts',
    environment: 'node',
    include: ['*.test.ts'],
    ...serviceTimeouts,
  },
});
