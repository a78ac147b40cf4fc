import { fileURLToPath } from 'node:url';
import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import {
  pgliteFromTemplate,
  serviceTimeouts,
  sharedPostgresSetup,
  sharingModules,
  testingLibrarySetup,
  workspaceAliases,
} from '../vitest.shared.js';

/**
 * Files that need a module graph of their own (vitest.isolated.config.ts): the frame's DOM tests, each in a fresh
 * happy-dom window with the frame's page modules (which keep their state at module level) evaluated afresh.
 */
export const ISOLATED_FILES = [
  'src/frame/approvalGate.test.ts',
  'src/frame/controller.test.ts',
  'src/frame/theme.test.ts',
  'src/server/socialErrors.test.ts',
];

export const project: UserWorkspaceConfig = {
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
};

// One module graph per worker (vitest.shared.ts, `sharingModules`): better-auth, Kysely, PGlite, viem and the devnet load once.
export default defineProject(sharingModules(project, ISOLATED_FILES));
