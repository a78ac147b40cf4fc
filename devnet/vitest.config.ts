import { defineProject } from 'vitest/config';
import { serviceTimeouts, nodeEnvironment } from '../vitest.shared.js';

export default defineProject({
  test: {
    name: 'devnet',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, anvil, chopsticks, bcoin, Postgres and Chromium.
    ...serviceTimeouts,
  },
});
