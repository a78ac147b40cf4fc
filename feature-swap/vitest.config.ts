import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'feature-swap',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // beforeAll deploys Uniswap v2 and v3 on a fresh anvil: seconds on a loaded 2-core machine, past the 10 s default.
    hookTimeout: 60_000,
  },
});
