import { defineProject } from 'vitest/config';
import { pgliteFromTemplate, serviceTimeouts, sharingModules, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

/*
 * All of feature-names' files share one module graph and one happy-dom window per worker (`sharingModules`): each file
 * reuses viem, React, the kernel and the name service the previous file loaded. None mocks or resets modules or stubs a
 * global; the view's file renders through Testing Library and unmounts after each test (`cleanupModals`); the files
 * that start the name service or anvil stop them in their own hooks; the `fetch` spy is restored by the test that sets
 * it; the build test asks about side effects in a Node process of its own. So no file needs an `-isolated` twin.
 */
export default defineProject(
  sharingModules({
    // A new in-memory PGlite starts from a copy of a fresh cluster, not from initdb (scripts/test-support/pgliteTemplate.ts).
    plugins: [pgliteFromTemplate()],
    resolve: { alias: workspaceAliases },
    test: {
      name: 'feature-names',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      // Hooks start, and tests drive, anvil and the name service on PGlite.
      ...serviceTimeouts,
      setupFiles: [testingLibrarySetup],
    },
  }),
);
