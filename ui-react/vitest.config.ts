import { defineProject } from 'vitest/config';
import { componentTimeouts, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'ui-react',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    ...componentTimeouts,
    setupFiles: [testingLibrarySetup],
    // Type tests of the hooks and createModal (`*.test-d.ts`), checked by tsc as part of the run.
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: '../tsconfig.json' },
  },
});
