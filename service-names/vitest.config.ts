import { defineProject } from 'vitest/config';
import {
  pgliteFromTemplate,
  serviceTimeouts,
  sharedPostgresSetup,
  sharingModules,
  testingLibrarySetup,
  workspaceAliases,
} from '../vitest.shared.js';

/*
 * All of service-names' files share one module graph per worker (`sharingModules`): each file reuses viem, PGlite,
 * Kysely and the service the previous file loaded. None mocks or resets modules or stubs a global; every file starts
 * its own services on databases of its own and stops them in its hooks; the `console.error` spy is restored by the test
 * that sets it; the build test asks about side effects in a Node process of its own. So no file needs an `-isolated`
 * twin.
 */
export default defineProject(
  sharingModules({
    // A new in-memory PGlite starts from a copy of a fresh cluster, not from initdb (scripts/test-support/pgliteTemplate.ts).
    plugins: [pgliteFromTemplate()],
    resolve: { alias: workspaceAliases },
    test: {
      name: 'service-names',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      // Hooks start, and tests drive, anvil and the name service on PGlite and Postgres.
      ...serviceTimeouts,
      // One PostgreSQL server for the run; each file creates its own databases on it (`sharedPostgres()`).
      globalSetup: [sharedPostgresSetup],
      setupFiles: [testingLibrarySetup],
    },
  }),
);
