import { defineProject } from 'vitest/config';
import { componentTimeouts, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'feature-onramp',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    ...componentTimeouts,
    setupFiles: [testingLibrarySetup],
  },
});
