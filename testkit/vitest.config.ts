import { defineProject } from 'vitest/config';
import { serviceTimeouts, nodeEnvironment } from '../vitest.shared.js';

export default defineProject({
  test: {
    name: 'testkit',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, the toy chain and Chromium (the chain-backed wallet tests are in devnet).
    ...serviceTimeouts,
  },
});
