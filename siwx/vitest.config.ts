import { defineProject } from 'vitest/config';
import { nodeEnvironment, pgliteFromTemplate, serviceTimeouts, sharedPostgresSetup, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  // A new in-memory PGlite starts from a copy of a fresh cluster, not from initdb (scripts/test-support/pgliteTemplate.ts).
  plugins: [pgliteFromTemplate()],
  resolve: { alias: workspaceAliases },
  test: {
    name: 'siwx',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, anvil.
    ...serviceTimeouts,
    // One PostgreSQL server for the run; each file creates its own databases on it (`sharedPostgres()`).
    globalSetup: [sharedPostgresSetup],
  },
});
