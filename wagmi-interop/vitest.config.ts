import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { serviceTimeouts, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  resolve: {
    alias: {
      ...workspaceAliases,
      // The subpath first: an alias also matches the names under it.
      '@latch/adapter-eip155/networks': fileURLToPath(new URL('../adapter-eip155/src/networks/index.ts', import.meta.url)),
      '@latch/adapter-eip155': fileURLToPath(new URL('../adapter-eip155/src/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'wagmi-interop',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, anvil.
    ...serviceTimeouts,
  },
});
