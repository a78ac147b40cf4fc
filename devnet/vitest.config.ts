import { defineProject, type UserWorkspaceConfig } from 'vitest/config';
import { nodeEnvironment, serviceTimeouts, sharedPolkadotSetup, sharingModules } from '../vitest.shared.js';

/**
 * Files that need a process of their own (vitest.isolated.config.ts). The privacy test records every outbound request
 * its process makes, so it must be the only file in it: with a shared worker, a file before it that stopped its chains
 * while a request was in flight had that request's retries (viem's, to the stopped chain's port) recorded as its own
 * (seen once in a full run: four fetches to two loopback ports no fixture of it had started).
 */
export const ISOLATED_FILES = ['src/walletconnect/privacy.test.ts'];

export const project: UserWorkspaceConfig = {
  test: {
    name: 'devnet',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, anvil, chopsticks, bcoin, Postgres and Chromium.
    ...serviceTimeouts,
    // The run's one chopsticks node for the WalletConnect wallet's polkadot test (polkadot/chain.test.ts starts its own).
    globalSetup: [sharedPolkadotSetup],
  },
};

// One module graph per worker (vitest.shared.ts, `sharingModules`): viem, WalletConnect and the chains' clients load once.
export default defineProject(sharingModules(project, ISOLATED_FILES));
