import { defineProject } from 'vitest/config';
import { serviceTimeouts, nodeEnvironment } from '../vitest.shared.js';

export default defineProject({
  test: {
    name: 'adapter-eip155',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, anvil.
    ...serviceTimeouts,
  },
});
