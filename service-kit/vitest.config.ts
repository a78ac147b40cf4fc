import { defineProject } from 'vitest/config';
import { componentTimeouts, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'service-kit',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Each test starts a plain HTTP server on 127.0.0.1 and sends it one request.
    ...componentTimeouts,
  },
});
