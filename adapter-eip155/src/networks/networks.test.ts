import { describe, expect, it } from 'vitest';
import { invalidOption } from '../../../scripts/test-support/latchErrors.js';
import { arbitrum, base, createDevnet, devnet, mainnet, optimism, polygon, sepolia } from './index.js';

describe('network definitions', () => {
  it('agree with their CAIP-2 ids and carry an https RPC URL', () => {
    const expected = [
      [mainnet, 1],
      [base, 8453],
      [optimism, 10],
      [arbitrum, 42161],
      [polygon, 137],
      [sepolia, 11155111],
    ] as const;
    for (const [network, chainId] of expected) {
      expect(network.id).toBe(chainId);
      expect(network.caipNetworkId).toBe(`eip155:${chainId}`);
      expect(network.chainNamespace).toBe('eip155');
      expect(network.nativeCurrency.decimals).toBe(18);
      expect(network.rpcUrls.default.http[0]).toMatch(/^https:\/\//);
    }
    expect(polygon.nativeCurrency.symbol).toBe('POL');
  });

  it('marks only sepolia as a testnet; the devnet shows balances', () => {
    expect([mainnet, base, optimism, arbitrum, polygon, devnet].map((n) => n.testnet)).toEqual([false, false, false, false, false, false]);
    expect(sepolia.testnet).toBe(true);
  });

  it('createDevnet points the local devnet at a running node', () => {
    const network = createDevnet({ rpcUrl: 'http://127.0.0.1:9999', chainId: 1337 });
    expect(network).toMatchObject({ id: 1337, caipNetworkId: 'eip155:1337', name: 'Local Devnet', testnet: false });
    expect(network.rpcUrls.default.http).toEqual(['http://127.0.0.1:9999']);
    expect(network).not.toHaveProperty('blockExplorers');
    expect(createDevnet({ rpcUrl: 'http://127.0.0.1:8546' }).caipNetworkId).toBe('eip155:31337');
    expect(() => createDevnet({ rpcUrl: 'http://x', chainId: 0 })).toThrow(invalidOption('chainId must be a positive integer (got 0)'));
    expect(() => createDevnet({ rpcUrl: 'http://x', chainId: 1.5 })).toThrow(invalidOption('chainId must be a positive integer (got 1.5)'));
  });

  it('createDevnet takes a display name', () => {
    expect(createDevnet({ rpcUrl: 'http://127.0.0.1:8545', name: 'Local Devnet 2' }).name).toBe('Local Devnet 2');
    expect(() => createDevnet({ rpcUrl: 'http://127.0.0.1:8545', name: '' })).toThrow(invalidOption('name must be a non-empty string'));
  });
});
