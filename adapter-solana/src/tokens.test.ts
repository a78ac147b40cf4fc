import { describe, expect, it } from 'vitest';
import { tokensFor } from './tokens.js';
import { solana, solanaDevnet } from './networks/clusters.js';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';

describe('tokensFor', () => {
  it('accepts a list or one entry, by mint or by the kernel option key `address`, de-duplicated', () => {
    expect(
      tokensFor(
        { [solana.caipNetworkId]: [{ mint: USDC, image: 'https://x/usdc.png', symbol: 'USDC', name: 'USD Coin' }, { mint: USDC }] },
        solana,
      ),
    ).toEqual([{ mint: USDC, name: 'USD Coin', symbol: 'USDC', image: 'https://x/usdc.png' }]);
    expect(tokensFor({ [solana.caipNetworkId]: { address: USDT } }, solana)).toEqual([
      { mint: USDT, name: 'Es9v…wNYB', symbol: 'Es9v…wNYB', image: '' },
    ]);
  });

  it('finds entries keyed by the deprecated id; skips invalid mints and other networks', () => {
    expect(tokensFor({ 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ': [{ mint: USDC }] }, solana).map((t) => t.mint)).toEqual([USDC]);
    expect(
      tokensFor(
        { [solana.caipNetworkId]: [{ mint: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48' }, null, { mint: USDT }] } as never,
        solana,
      ).map((t) => t.mint),
    ).toEqual([USDT]);
    expect(tokensFor({ [solana.caipNetworkId]: [{ mint: USDC }] }, solanaDevnet)).toEqual([]);
    expect(tokensFor(undefined, solana)).toEqual([]);
  });
});
