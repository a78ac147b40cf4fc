import { defineProject } from 'vitest/config';
import { componentTimeouts } from '../../vitest.shared.js';

export default defineProject({
  test: {
    name: 'examples-nextjs',
    environment: 'node',
    include: ['*.test.ts'],
    ...componentTimeouts,
  },
});
