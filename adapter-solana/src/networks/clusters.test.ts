import { parseCaipNetworkId } from '@latch/kernel';
import type { CaipNetwork } from '@latch/kernel';
import { describe, expect, it } from 'vitest';
import { solana, solanaDevnet, solanaTestnet } from './clusters.js';

const builtIns: readonly CaipNetwork[] = [solana, solanaDevnet, solanaTestnet];

describe('Solana clusters (§3 built-in networks)', () => {
  it.each(builtIns.map((network) => [network.name, network] as const))(
    '%s: id is the CAIP-2 reference of its own namespace',
    (_, network) => {
      const parsed = parseCaipNetworkId(network.caipNetworkId);
      expect(parsed).toEqual({ namespace: network.chainNamespace, reference: network.id });
      if (network.deprecatedCaipNetworkId) {
        expect(parseCaipNetworkId(network.deprecatedCaipNetworkId)?.namespace).toBe(network.chainNamespace);
      }
      for (const url of network.rpcUrls.default.http) expect(url).toMatch(/^https:\/\//);
      expect(network.blockExplorers?.default.url).toMatch(/^https:\/\//);
    },
  );

  it('have unique CAIP network ids', () => {
    const ids = builtIns.flatMap((n) => [n.caipNetworkId, n.deprecatedCaipNetworkId ?? []].flat());
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('native decimals follow §9: Solana 9', () => {
    for (const network of [solana, solanaDevnet, solanaTestnet]) {
      expect(network.nativeCurrency).toEqual({ name: 'Solana', symbol: 'SOL', decimals: 9 });
    }
  });

  it('Solana mainnet, devnet and testnet', () => {
    expect(solana.caipNetworkId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp');
    expect(solana.deprecatedCaipNetworkId).toBe('solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ');
    expect(solana.rpcUrls.default.http).toEqual(['https://api.mainnet-beta.solana.com']);
    expect(solana.blockExplorers.default.url).toBe('https://solscan.io');
    expect(solana.testnet).toBe(false);

    expect(solanaDevnet.caipNetworkId).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1');
    expect(solanaDevnet.deprecatedCaipNetworkId).toBe('solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K');
    expect(solanaDevnet.rpcUrls.default.http).toEqual(['https://api.devnet.solana.com']);
    expect(solanaDevnet.testnet).toBe(true);

    expect(solanaTestnet.caipNetworkId).toBe('solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z');
    expect(solanaTestnet.rpcUrls.default.http).toEqual(['https://api.testnet.solana.com']);
    expect(solanaTestnet.testnet).toBe(true);
  });
});
