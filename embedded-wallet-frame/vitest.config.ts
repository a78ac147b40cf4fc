import { defineProject } from 'vitest/config';
import { componentTimeouts, workspaceAliases } from '../vitest.shared.js';

// The frame's signing core, in the DOM environment the frame runs in (as in service-embedded-wallet before it moved
// here); nothing starts, and each file gets a fresh module graph.
export default defineProject({
  resolve: { alias: workspaceAliases },
  test: {
    name: 'embedded-wallet-frame',
    environment: 'happy-dom',
    include: ['src/**/*.test.ts'],
    ...componentTimeouts,
  },
});
