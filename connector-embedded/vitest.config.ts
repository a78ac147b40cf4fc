import { fileURLToPath } from 'node:url';
import { defineProject } from 'vitest/config';
import { serviceTimeouts, sharingModules, testingLibrarySetup, workspaceAliases } from '../vitest.shared.js';

// One module graph per worker (vitest.shared.ts, `sharingModules`); no file here mocks or resets modules.
export default defineProject(
  sharingModules({
    resolve: {
      alias: {
        ...workspaceAliases,
        // The Farcaster relay, signer and Id Registry from source, like the workspace packages above.
        '@latch/devnet/farcaster': fileURLToPath(new URL('../devnet/src/farcaster/index.ts', import.meta.url)),
      },
    },
    test: {
      name: 'connector-embedded',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      // Hooks start, and tests drive, anvil, the relay, the wallet service on PGlite, SMTP and Chromium.
      ...serviceTimeouts,
      setupFiles: [testingLibrarySetup],
    },
  }),
);
