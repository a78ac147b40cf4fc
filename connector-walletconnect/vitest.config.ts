import { defineProject } from 'vitest/config';
import { serviceTimeouts, workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'connector-walletconnect',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    // Hooks start, and tests drive, the relay and the local chains.
    ...serviceTimeouts,
  },
});
