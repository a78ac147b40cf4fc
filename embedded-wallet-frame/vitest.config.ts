import { defineProject } from 'vitest/config';
import { componentTimeouts, sharingModules, workspaceAliases } from '../vitest.shared.js';

/*
 * The frame's signing core, in the DOM environment the frame runs in (as in service-embedded-wallet before it moved
 * here); nothing starts. Its files share one module graph and one happy-dom window per worker (`sharingModules`): each
 * reuses viem, the noble curves and the smart-account code the previous file loaded. None mocks or resets modules or
 * stubs a global, and the one module-level cache (the table of known contract functions, built on first use) holds
 * constants. So no file needs an `-isolated` twin.
 */
export default defineProject(
  sharingModules({
    resolve: { alias: workspaceAliases },
    test: {
      name: 'embedded-wallet-frame',
      environment: 'happy-dom',
      include: ['src/**/*.test.ts'],
      ...componentTimeouts,
    },
  }),
);
