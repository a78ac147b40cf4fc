import { describe, expect, it } from 'vitest';
import { chainMatchesNetwork, supportsAnyNetwork, walletChainFor } from './chains.js';
import { createSolanaLocalnet, solanaLocalnet } from './networks/localnet.js';
import { solana, solanaDevnet, solanaTestnet } from './networks/clusters.js';

describe('chainMatchesNetwork', () => {
  it('matches the CAIP-2 id, the deprecated id and the cluster name of each built-in network', () => {
    expect(chainMatchesNetwork('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', solana)).toBe(true);
    expect(chainMatchesNetwork('solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ', solana)).toBe(true);
    expect(chainMatchesNetwork('solana:mainnet', solana)).toBe(true);
    expect(chainMatchesNetwork('solana:8E9rvCKLFQia2Y35HXjjpWzj8weVo44K', solanaDevnet)).toBe(true);
    expect(chainMatchesNetwork('solana:devnet', solanaDevnet)).toBe(true);
    expect(chainMatchesNetwork('solana:testnet', solanaTestnet)).toBe(true);
  });

  it('does not cross networks', () => {
    expect(chainMatchesNetwork('solana:devnet', solana)).toBe(false);
    expect(chainMatchesNetwork('solana:mainnet', solanaDevnet)).toBe(false);
    expect(chainMatchesNetwork('solana:localnet', solanaDevnet)).toBe(false);
    expect(chainMatchesNetwork('eip155:1', solana)).toBe(false);
  });

  it('matches solana:localnet to a network on this machine, whatever its genesis id', () => {
    expect(chainMatchesNetwork('solana:localnet', solanaLocalnet)).toBe(true);
    expect(
      chainMatchesNetwork('solana:localnet', createSolanaLocalnet({ rpcUrl: 'http://localhost:9000', caipNetworkId: 'solana:abc' })),
    ).toBe(true);
    expect(
      chainMatchesNetwork('solana:localnet', createSolanaLocalnet({ rpcUrl: 'https://rpc.example.com', caipNetworkId: 'solana:abc' })),
    ).toBe(false);
  });
});

describe('walletChainFor', () => {
  it("returns the wallet's own id for the network, preferring the exact CAIP-2 id", () => {
    expect(walletChainFor(['solana:mainnet', solana.caipNetworkId], solana)).toBe(solana.caipNetworkId);
    expect(walletChainFor(['solana:mainnet', 'solana:devnet'], solanaDevnet)).toBe('solana:devnet');
    expect(walletChainFor(['solana:mainnet'], solanaTestnet)).toBeUndefined();
  });
});

describe('supportsAnyNetwork', () => {
  it('needs one configured network, or with none configured any Solana chain', () => {
    expect(supportsAnyNetwork(['solana:devnet'], [solana, solanaDevnet])).toBe(true);
    expect(supportsAnyNetwork(['solana:testnet'], [solana, solanaDevnet])).toBe(false);
    expect(supportsAnyNetwork(['solana:whatever'], [])).toBe(true);
    expect(supportsAnyNetwork(['eip155:1'], [])).toBe(false);
  });
});
