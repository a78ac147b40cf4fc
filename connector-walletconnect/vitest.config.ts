import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import { serviceTimeouts, sharedPolkadotSetup, sharingModules, workspaceAliases } from '../vitest.shared.js';

/** Files that need a module graph of their own (vitest.isolated.config.ts): this one mocks `./session.js`. */
export const ISOLATED_FILES = ['src/createWalletConnectConnector.test.ts'];

export const project: UserWorkspaceConfig = {
  resolve: { alias: workspaceAliases },
  test: {
    name: 'connector-walletconnect',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Hooks start, and tests drive, the relay and the local chains.
    ...serviceTimeouts,
    // The run's one chopsticks node, for the polkadot conformance suite.
    globalSetup: [sharedPolkadotSetup],
  },
};

// One module graph per worker (vitest.shared.ts, `sharingModules`): @reown/walletkit, viem and the chains' clients load once.
export default defineProject(sharingModules(project, ISOLATED_FILES));
