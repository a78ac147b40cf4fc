import { describe, expect, it } from 'vitest';
import { mainnet, solanaMainnet } from '@latch/testkit/kernel';
import { filterTokenBalances, nativeTokenBalance } from './tokenBalance.js';
import type { TokenBalance } from './types.js';

describe('nativeTokenBalance', () => {
  it('describes the native currency in whole units, with no token address', () => {
    expect(nativeTokenBalance(mainnet, 1_500_000_000_000_000_000n)).toEqual({
      name: 'Coin',
      symbol: 'ETH',
      chainId: 'eip155:1',
      iconUrl: '',
      quantity: { decimals: '18', numeric: '1.5' },
    });
    const sol = nativeTokenBalance(solanaMainnet, 2_000_000_001n);
    expect(sol.quantity).toEqual({ decimals: '9', numeric: '2.000000001' });
    expect(sol.address).toBeUndefined();
  });
});

describe('filterTokenBalances (§5)', () => {
  const balance = (decimals: string): TokenBalance => ({
    name: 'Token',
    symbol: 'TKN',
    chainId: 'eip155:1',
    price: 1,
    quantity: { decimals, numeric: '1' },
    iconUrl: '',
  });
  it("drops balances whose decimals are '0'", () => {
    expect(filterTokenBalances([balance('18'), balance('0'), balance('6')]).map((b) => b.quantity.decimals)).toEqual(['18', '6']);
  });
});
