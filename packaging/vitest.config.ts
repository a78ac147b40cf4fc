import { defineProject } from 'vitest/config';
import { serviceTimeouts } from '../vitest.shared.js';

// The packages as published: packed once (globalSetup), linted, installed in apps outside the repository, versioned.
export default defineProject({
  test: {
    name: 'packaging',
    environment: 'node',
    include: ['*.test.ts'],
    globalSetup: ['./globalSetup.ts'],
    // Installs and builds are real processes, as slow as a service start-up under load.
    ...serviceTimeouts,
  },
});
