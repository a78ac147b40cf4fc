// The shipped contract addresses and suggested tokens, checked against Uniswap's own published lists
// (devDependencies pinned to the versions the file was generated from) and for EIP-55 checksums.
import * as core from '@uniswap/sdk-core';
import defaultTokenList from '@uniswap/default-token-list';
import { getAddress, isAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import { createSwapPlugin, UNISWAP_CHAIN_IDS } from './createSwapPlugin.js';
import { DEFAULT_SWAP_NETWORKS } from './defaultNetworks.js';
import { networkProblem } from './networkProblem.js';

/** The product's swap networks (eip155 chain ids). */
const SWAP_NETWORKS = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554];
/** QuoterV2 on Ethereum, Arbitrum, Optimism and Polygon, from Uniswap/v3-periphery deploys.md (row 6). */
const QUOTER_V2_PERIPHERY_DEPLOYS = '0x61fFE014bA17989E743c5F6cB21bF9697530B21e';
/** The first Quoter, which sdk-core lists for those four chains (a different interface). */
const QUOTER_V1 = '0xb27308f9F90D607463bb33eA1BeBb41C27CE5AB6';

/** sdk-core's published contracts by chain id (a chain it names without contracts is absent). */
const published = core.CHAIN_TO_ADDRESSES_MAP as Partial<Record<number, (typeof core.CHAIN_TO_ADDRESSES_MAP)[core.ChainId.MAINNET]>>;
const same = (a: string | undefined, b: string | undefined) => a !== undefined && b !== undefined && a.toLowerCase() === b.toLowerCase();
const checksummed = (address: string) => isAddress(address, { strict: true }) && getAddress(address) === address;
const shipped = Object.entries(DEFAULT_SWAP_NETWORKS).map(([id, network]) => [Number(id), network] as const);

describe('the shipped Uniswap networks', () => {
  it('are every swap network where Uniswap publishes addresses, and only those', () => {
    const deployed = SWAP_NETWORKS.filter((id) => published[id] !== undefined);
    expect(shipped.map(([id]) => id).sort((a, b) => a - b)).toEqual([...deployed].sort((a, b) => a - b));
    expect(deployed.length).toBe(8); // Gnosis, Fantom, Kaia and Aurora have none
  });

  it.each(shipped)('chain %i: v3 factory, SwapRouter02, QuoterV2, v2 and the wrapped native token match the packages', (id, network) => {
    const chain = published[id];
    expect(same(network.v3?.factory, chain?.v3CoreFactoryAddress)).toBe(true);
    expect(same(network.v3?.router, core.SWAP_ROUTER_02_ADDRESSES(id))).toBe(true);
    expect(network.v3?.routerKind).toBe('SwapRouter02');
    const quoter = same(chain?.quoterAddress, QUOTER_V1) ? QUOTER_V2_PERIPHERY_DEPLOYS : chain?.quoterAddress;
    expect(same(network.v3?.quoter, quoter)).toBe(true);
    const v2Factory = core.V2_FACTORY_ADDRESSES[id];
    const v2Router = core.V2_ROUTER_ADDRESSES[id];
    if (v2Factory && v2Router) expect(same(network.v2?.factory, v2Factory) && same(network.v2?.router, v2Router)).toBe(true);
    else expect(network.v2).toBeUndefined();
    expect(same(network.weth, core.WETH9[id]?.address)).toBe(true);
  });

  it.each(shipped)('chain %i: every address is EIP-55 checksummed', (_, network) => {
    const addresses = [network.weth, network.v2?.factory, network.v2?.router, network.v3?.factory, network.v3?.router, network.v3?.quoter]
      .concat((network.tokens ?? []).map((token) => token.address))
      .filter((address): address is `0x${string}` => address !== undefined);
    expect(addresses.filter((address) => !checksummed(address))).toEqual([]);
  });

  it.each(shipped)(
    'chain %i: suggests its wrapped native token and tokens of the Uniswap default list, with their decimals',
    (id, network) => {
      const tokens = network.tokens ?? [];
      expect(tokens.length).toBeGreaterThanOrEqual(2);
      expect(same(tokens[0]?.address, core.WETH9[id]?.address)).toBe(true);
      for (const token of tokens.slice(1)) {
        const listed = defaultTokenList.tokens.find((entry) => entry.chainId === id && same(entry.address, token.address));
        expect(listed && { symbol: listed.symbol, decimals: listed.decimals, name: listed.name }).toEqual({
          symbol: token.symbol,
          decimals: token.decimals,
          name: token.name,
        });
      }
      expect(new Set(tokens.map((token) => token.address?.toLowerCase())).size).toBe(tokens.length);
    },
  );

  it('suggests the common tokens where the list has them: USDC everywhere but ZKsync, WBTC, UNI, DAI on Ethereum', () => {
    const symbols = (id: number) => (DEFAULT_SWAP_NETWORKS[id]?.tokens ?? []).map((token) => token.symbol);
    for (const id of [1, 42161, 10, 8453, 56, 137, 43114]) expect(symbols(id)).toContain('USDC');
    expect(symbols(1)).toEqual(['WETH', 'USDC', 'USDT', 'DAI', 'WBTC', 'UNI', 'AAVE', 'LINK']);
    expect(symbols(324)).toEqual(['WETH', 'ZK']);
  });

  it('passes the plugin’s and the view’s own checks', () => {
    expect(() => createSwapPlugin({ networks: DEFAULT_SWAP_NETWORKS })).not.toThrow();
    expect(shipped.map(([id, network]) => networkProblem(id, network)).filter(Boolean)).toEqual([]);
  });
});

describe('the chain ids the plugin offers Swap on before its view loads', () => {
  it('are exactly those DEFAULT_SWAP_NETWORKS has contracts for', () => {
    expect([...UNISWAP_CHAIN_IDS].sort((a, b) => a - b)).toEqual(
      Object.keys(DEFAULT_SWAP_NETWORKS)
        .map(Number)
        .sort((a, b) => a - b),
    );
    const plugin = createSwapPlugin();
    for (const chainId of UNISWAP_CHAIN_IDS) expect(plugin.supports?.({ caipNetworkId: `eip155:${chainId}` } as never)).toBe(true);
    expect(plugin.supports?.({ caipNetworkId: 'eip155:11155111' } as never)).toBe(false);
  });
});
