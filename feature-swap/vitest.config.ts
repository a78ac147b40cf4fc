import { defineProject } from 'vitest/config';
import { serviceTimeouts, sharingModules, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

/*
 * All of feature-swap's files share one module graph and one happy-dom window per worker (`sharingModules`): each file
 * reuses viem, the Uniswap SDKs, React and the kernel the previous file loaded. None mocks or resets modules or stubs a
 * global; the view's file renders through Testing Library and unmounts after each test (`cleanupModals`); the quote
 * files start their own anvil and stop it. The module-level caches (one read client per RPC URL, the default quote
 * provider) hold nothing a file asserts on. So no file needs an `-isolated` twin.
 */
export default defineProject(
  sharingModules({
    resolve: { alias: workspaceAliases },
    test: {
      name: 'feature-swap',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      // Hooks start, and tests drive, anvil with Uniswap v2 and v3.
      ...serviceTimeouts,
      setupFiles: [testingLibrarySetup],
    },
  }),
);
