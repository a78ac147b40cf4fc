import { defineProject } from 'vitest/config';
import { pgliteFromTemplate, serviceTimeouts, sharedPostgresSetup, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  // A new in-memory PGlite starts from a copy of a fresh cluster, not from initdb (scripts/test-support/pgliteTemplate.ts).
  plugins: [pgliteFromTemplate()],
  resolve: { alias: workspaceAliases },
  test: {
    name: 'service-names',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Hooks start, and tests drive, anvil and the name service on PGlite and Postgres.
    ...serviceTimeouts,
    // One PostgreSQL server for the run; each file creates its own databases on it (`sharedPostgres()`).
    globalSetup: [sharedPostgresSetup],
    setupFiles: [testingLibrarySetup],
  },
});
