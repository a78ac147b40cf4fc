import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'testkit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Tests start real anvil nodes and a real Chromium.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
