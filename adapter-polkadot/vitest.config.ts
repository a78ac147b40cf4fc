import { defineProject } from 'vitest/config';
import { serviceTimeouts, nodeEnvironment } from '../vitest.shared.js';

export default defineProject({
  test: {
    name: 'adapter-polkadot',
    ...nodeEnvironment,
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, chopsticks.
    ...serviceTimeouts,
    // Loaded through Vite, not Node's own loader, so extensionDapp.library.test.ts can load a fresh copy per test.
    server: { deps: { inline: ['@polkadot/extension-dapp'] } },
  },
});
