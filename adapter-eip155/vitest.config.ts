import { defineProject } from 'vitest/config';
import { serviceTimeouts } from '../vitest.shared.js';

export default defineProject({
  test: {
    name: 'adapter-eip155',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, anvil.
    ...serviceTimeouts,
  },
});
