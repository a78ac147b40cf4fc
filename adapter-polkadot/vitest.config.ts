import { defineProject } from 'vitest/config';
import { serviceTimeouts, nodeEnvironment } from '../vitest.shared.js';

export default defineProject({
  test: {
    name: 'adapter-polkadot',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, chopsticks.
    ...serviceTimeouts,
  },
});
