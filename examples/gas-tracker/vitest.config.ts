import { defineProject } from 'vitest/config';
import { serviceTimeouts, sharingModules, testingLibrarySetup, workspaceAliases } from '../../vitest.shared.js';

/*
 * All of the gas tracker's files share one module graph and one happy-dom window per worker (`sharingModules`): each
 * file reuses viem, React and the kernel the previous file loaded. None mocks or resets modules or stubs a global; the
 * view's file renders through Testing Library and unmounts after each test (`cleanupModals`); the files that start
 * anvil stop it in their hooks; each `fetch` spy is restored by the test that sets it. So no file needs an `-isolated`
 * twin.
 */
export default defineProject(
  sharingModules({
    resolve: { alias: workspaceAliases },
    test: {
      name: 'gas-tracker',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      // The fee tests start and drive a real anvil.
      ...serviceTimeouts,
      setupFiles: [testingLibrarySetup],
    },
  }),
);
