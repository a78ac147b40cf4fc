import { defineProject } from 'vitest/config';
import { componentTimeouts, nodeEnvironment } from '../vitest.shared.js';

export default defineProject({
  test: {
    name: 'kernel',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    ...componentTimeouts,
    // Type tests of the public API (`*.test-d.ts`), checked by tsc as part of the run.
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: '../tsconfig.json' },
  },
});
