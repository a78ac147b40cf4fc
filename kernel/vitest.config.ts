import { defineProject } from 'vitest/config';
import { componentTimeouts, nodeEnvironment, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  // The kernel's tests use the testkit's kernel fakes, from source: the kernel builds first, and its tests need no build.
  resolve: { alias: { '@latch/testkit/kernel': workspaceAliases['@latch/testkit/kernel'] } },
  test: {
    name: 'kernel',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    ...componentTimeouts,
    // Type tests of the public API (`*.test-d.ts`), checked by tsc as part of the run.
    // tsc checks those files and what they import (tsconfig.typecheck.json), not the whole repository: the `tsc` step
    // of `npm test` does that once.
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: './tsconfig.typecheck.json' },
  },
});
