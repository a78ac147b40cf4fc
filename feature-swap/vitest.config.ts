import { defineProject } from 'vitest/config';
import { serviceTimeouts, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'feature-swap',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Hooks start, and tests drive, anvil with Uniswap v2 and v3.
    ...serviceTimeouts,
    setupFiles: [testingLibrarySetup],
  },
});
