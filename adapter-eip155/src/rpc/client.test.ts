import { describe, expect, it } from 'vitest';
import { base } from '../networks/index.js';
import { createNetworkClient } from './client.js';

describe('createNetworkClient', () => {
  it('refuses a network without an RPC URL, as an option mistake', () => {
    const noRpc = { ...base, rpcUrls: { default: { http: [] } } };
    expect(() => createNetworkClient(noRpc)).toThrow(
      expect.objectContaining({
        name: 'LatchError',
        category: 'VALIDATION_ERROR',
        code: 'INVALID_OPTION',
        message: 'Network eip155:8453 has no RPC URL',
      }),
    );
  });
});
