import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'kernel',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Type tests of the public API (`*.test-d.ts`), checked by tsc as part of the run.
    typecheck: { enabled: true, include: ['src/**/*.test-d.ts'], tsconfig: '../tsconfig.json' },
  },
});
