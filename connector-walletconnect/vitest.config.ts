import { defineProject } from 'vitest/config';
import { workspaceAliases } from '../vitest.shared.js';

export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'connector-walletconnect',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    testTimeout: 20_000,
    // beforeAll starts real services (anvil, the relay, PGlite, SMTP): slow on a loaded 2-core machine.
    hookTimeout: 60_000,
  },
});
