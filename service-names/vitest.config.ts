import { defineProject } from 'vitest/config';
import { serviceTimeouts, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'service-names',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Hooks start, and tests drive, anvil and the name service on PGlite and Postgres.
    ...serviceTimeouts,
    setupFiles: [testingLibrarySetup],
  },
});
