import type { CaipNetwork, TokenBalance } from '@latch/kernel';
import { describe, expect, it } from 'vitest';
import { findToken, searchTokens, swapTokenList } from './tokenList.js';

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  name: 'Local',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
} as CaipNetwork;
const row = (symbol: string, address: string | undefined, numeric: string, chainId = 'eip155:31337'): TokenBalance =>
  ({
    name: `${symbol} token`,
    symbol,
    chainId,
    ...(address ? { address } : {}),
    quantity: { decimals: '18', numeric },
    iconUrl: '',
  }) as TokenBalance;
const LDT = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

describe('the token list', () => {
  it('puts held tokens first, then native and suggested tokens, each once; empty and foreign rows are skipped', () => {
    const list = swapTokenList(
      network,
      [row('LDT', LDT, '12.5'), row('ZERO', '0x0000000000000000000000000000000000000001', '0'), row('FOREIGN', USDC, '3', 'eip155:1')],
      [
        { address: LDT.toLowerCase() as `0x${string}`, symbol: 'LDT', name: 'dup', decimals: 18 },
        { address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
      ],
    );
    expect(list.map((t) => [t.symbol, t.balance])).toEqual([
      ['LDT', '12.5'],
      ['ETH', undefined],
      ['USDC', undefined],
    ]);
  });

  it('searches symbol, name and exact address; finds swap arguments by address or native', () => {
    const list = swapTokenList(network, [row('LDT', LDT, '1')], [{ address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 }]);
    expect(searchTokens(list, 'usd').map((t) => t.symbol)).toEqual(['USDC']);
    expect(searchTokens(list, 'ether').map((t) => t.symbol)).toEqual(['ETH']);
    expect(searchTokens(list, LDT.toLowerCase()).map((t) => t.symbol)).toEqual(['LDT']);
    expect(searchTokens(list, '0xA0b8')).toEqual([]);
    expect(findToken(list, 'native')?.symbol).toBe('ETH');
    expect(findToken(list, USDC.toLowerCase())?.symbol).toBe('USDC');
    expect(findToken(list, undefined)).toBeUndefined();
  });
});
