import { defineProject } from 'vitest/config';
import { serviceTimeouts } from '../vitest.shared.js';

export default defineProject({
  test: {
    name: 'testkit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, anvil, chopsticks, bcoin, Postgres and Chromium.
    ...serviceTimeouts,
  },
});
