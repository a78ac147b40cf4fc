import { defineProject } from 'vitest/config';
import { serviceTimeouts, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'siwx',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, anvil.
    ...serviceTimeouts,
  },
});
