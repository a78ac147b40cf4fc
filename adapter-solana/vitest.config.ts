import { defineProject } from 'vitest/config';
import { serviceTimeouts } from '../vitest.shared.js';

export default defineProject({
  test: {
    name: 'adapter-solana',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    // Hooks start, and tests drive, the local Solana RPC.
    ...serviceTimeouts,
  },
});
