import { defineProject } from 'vitest/config';
import { serviceTimeouts, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
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
