import { defineProject } from 'vitest/config';
import { serviceTimeouts, testingLibrarySetup, workspaceAliases } from '../../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'gas-tracker',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // The fee tests start and drive a real anvil.
    ...serviceTimeouts,
    setupFiles: [testingLibrarySetup],
  },
});
