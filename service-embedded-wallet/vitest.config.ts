import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { pgliteFromTemplate, serviceTimeouts, sharedPostgresSetup, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  // A new in-memory PGlite starts from a copy of a fresh cluster, not from initdb (scripts/test-support/pgliteTemplate.ts).
  plugins: [pgliteFromTemplate()],
  resolve: {
    alias: {
      ...workspaceAliases,
      // The Farcaster relay, signer and Id Registry from source, like the workspace packages above.
      '@latch/devnet/farcaster': fileURLToPath(new URL('../devnet/src/farcaster/index.ts', import.meta.url)),
    },
  },
  test: {
    name: 'service-embedded-wallet',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Hooks start, and tests drive, the wallet service on PGlite and Postgres, the Farcaster relay, OIDC providers, SMTP and Chromium.
    ...serviceTimeouts,
    // One PostgreSQL server for the run; each file creates its own databases on it (`sharedPostgres()`).
    globalSetup: [sharedPostgresSetup],
    setupFiles: [testingLibrarySetup],
  },
});
