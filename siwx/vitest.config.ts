import { defineProject } from 'vitest/config';
import { serviceTimeouts, workspaceAliases, nodeEnvironment } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'siwx',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, anvil.
    ...serviceTimeouts,
  },
});
