import { describe, expect, it } from 'vitest';
import { createSolanaLocalnet, solana, solanaDevnet, solanaLocalnet, solanaTestnet } from './index.js';

/** A LatchError of the shared option-mistake code (these checks threw a plain TypeError or RangeError before). */
const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

describe('network definitions', () => {
  it('exports the three clusters, with 9 decimals', () => {
    expect([solana, solanaDevnet, solanaTestnet].map((n) => [n.caipNetworkId, n.nativeCurrency.decimals, n.testnet])).toEqual([
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 9, false],
      ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 9, true],
      ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z', 9, true],
    ]);
  });

  it('defines a localnet that is not a testnet, so the modal shows its balances', () => {
    expect(solanaLocalnet).toMatchObject({
      name: 'Solana Localnet',
      caipNetworkId: 'solana:localnet',
      chainNamespace: 'solana',
      testnet: false,
      nativeCurrency: { symbol: 'SOL', decimals: 9 },
    });
    expect(solanaLocalnet).not.toHaveProperty('blockExplorers');
  });

  it('createSolanaLocalnet points the localnet at a running validator', () => {
    const network = createSolanaLocalnet({ rpcUrl: 'http://127.0.0.1:41234', caipNetworkId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69' });
    expect(network).toMatchObject({
      id: 'GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
      caipNetworkId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69',
      name: 'Solana Localnet',
      testnet: false,
    });
    expect(network.rpcUrls.default.http).toEqual(['http://127.0.0.1:41234']);
    expect(createSolanaLocalnet({ rpcUrl: 'http://127.0.0.1:8899' }).caipNetworkId).toBe('solana:localnet');
    expect(() => createSolanaLocalnet({ rpcUrl: 'http://x', caipNetworkId: 'eip155:1' })).toThrow(INVALID_OPTION);
    expect(() => createSolanaLocalnet({ rpcUrl: 'ws://127.0.0.1:8900' })).toThrow(INVALID_OPTION);
  });

  it('createSolanaLocalnet takes a display name', () => {
    expect(createSolanaLocalnet({ rpcUrl: 'http://127.0.0.1:8899', name: 'Demo Solana' }).name).toBe('Demo Solana');
    expect(() => createSolanaLocalnet({ rpcUrl: 'http://127.0.0.1:8899', name: '  ' })).toThrow(INVALID_OPTION);
  });
});
