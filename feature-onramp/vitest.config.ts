import { defineProject } from 'vitest/config';
import { componentTimeouts, sharingModules, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

/*
 * All of feature-onramp's files share one module graph and one happy-dom window per worker (`sharingModules`): none
 * mocks or resets modules or stubs a global; the view's file renders through Testing Library, unmounts after each test
 * (`cleanupModals`) and restores its `window.open` spies (`vi.restoreAllMocks`); the session handler's file stops the
 * server it starts. So no file needs an `-isolated` twin.
 */
export default defineProject(
  sharingModules({
    resolve: { alias: workspaceAliases },
    test: {
      name: 'feature-onramp',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      ...componentTimeouts,
      setupFiles: [testingLibrarySetup],
    },
  }),
);
