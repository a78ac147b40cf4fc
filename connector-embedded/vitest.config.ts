import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  resolve: {
    alias: {
      ...workspaceAliases,
      // The Farcaster relay, signer and Id Registry from source, like the workspace packages above.
      '@latch/testkit/farcaster': fileURLToPath(new URL('../testkit/src/farcaster/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'connector-embedded',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // beforeAll starts real services (anvil, the relay, PGlite, SMTP): slow on a loaded 2-core machine.
    hookTimeout: 60_000,
  },
});
