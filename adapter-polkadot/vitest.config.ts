import { defineProject } from 'vitest/config';
import { serviceTimeouts, nodeEnvironment, sharedPolkadotSetup } from '../vitest.shared.js';
import { extensionDappScope } from './extensionDappScope.mjs';

export default defineProject({
  // @polkadot/extension-dapp sees the adapter's page, as in the build (extensionDappScope.mjs); it is loaded through
  // Vite (inline) so the plugin applies to it.
  plugins: [extensionDappScope()],
  test: {
    name: 'adapter-polkadot',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, chopsticks.
    ...serviceTimeouts,
    // One chopsticks node for the run, shared by the files that only fund and send from accounts of their own.
    globalSetup: [sharedPolkadotSetup],
    server: { deps: { inline: ['@polkadot/extension-dapp'] } },
  },
});
