import { defineProject } from 'vitest/config';
import { pgliteFromTemplate, serviceTimeouts, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  // A new in-memory PGlite starts from a copy of a fresh cluster, not from initdb (scripts/test-support/pgliteTemplate.ts).
  plugins: [pgliteFromTemplate()],
  resolve: { alias: workspaceAliases },
  test: {
    name: 'feature-names',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Hooks start, and tests drive, anvil and the name service on PGlite.
    ...serviceTimeouts,
    setupFiles: [testingLibrarySetup],
  },
});
