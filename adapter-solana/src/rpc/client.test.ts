import { describe, expect, it } from 'vitest';
import { solana } from '../networks/index.js';
import { readLamports } from './balances.js';
import { createNetworkRpc, type NetworkRpc } from './client.js';

describe('the Solana RPC helpers', () => {
  it('refuse a network without an RPC URL, as an option mistake', () => {
    const noRpc = { ...solana, rpcUrls: { default: { http: [] } } };
    expect(() => createNetworkRpc(noRpc)).toThrow(
      expect.objectContaining({
        name: 'LatchError',
        category: 'VALIDATION_ERROR',
        code: 'INVALID_OPTION',
        message: `Network ${solana.caipNetworkId} has no RPC URL`,
      }),
    );
  });

  it('report a balance the node sent in the wrong shape as an RPC error', async () => {
    // A node answering getBalance with a number where Kit gives a bigint: no real node does, so it is built here.
    const node = { getBalance: () => ({ send: async () => ({ value: 5 }) }) } as unknown as NetworkRpc;
    await expect(readLamports(node, '11111111111111111111111111111111')).rejects.toMatchObject({
      name: 'LatchError',
      category: 'RPC_ERROR',
      message: 'The node returned an invalid balance',
    });
  });
});
