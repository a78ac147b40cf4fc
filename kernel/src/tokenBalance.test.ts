import { describe, expect, it } from 'vitest';
import { solana } from './networks/solana.js';
import { mainnet } from './test-support/fakeAdapter.js';
import { nativeTokenBalance } from './tokenBalance.js';

describe('nativeTokenBalance', () => {
  it('describes the native currency in whole units, with no token address', () => {
    expect(nativeTokenBalance(mainnet, 1_500_000_000_000_000_000n)).toEqual({
      name: 'Coin', symbol: 'ETH', chainId: 'eip155:1', price: 0, iconUrl: '', quantity: { decimals: '18', numeric: '1.5' },
    });
    const sol = nativeTokenBalance(solana, 2_000_000_001n);
    expect(sol.quantity).toEqual({ decimals: '9', numeric: '2.000000001' });
    expect(sol.address).toBeUndefined();
  });
});
