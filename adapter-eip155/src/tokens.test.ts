import { describe, expect, it } from 'vitest';
import { tokensFor } from './tokens.js';

const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';

describe('tokensFor', () => {
  it('accepts one entry (the kernel option shape) or a list, checksummed and de-duplicated', () => {
    expect(tokensFor({ 'eip155:1': { address: USDC.toLowerCase(), image: 'https://x/usdc.png' } }, 'eip155:1')).toEqual([
      { address: USDC, image: 'https://x/usdc.png' },
    ]);
    expect(tokensFor({ 'eip155:1': [{ address: USDC }, { address: USDC.toLowerCase() }] }, 'eip155:1')).toEqual([{ address: USDC }]);
  });

  it('skips invalid addresses and other networks', () => {
    expect(tokensFor({ 'eip155:1': [{ address: 'not-an-address' }, { address: USDC }] }, 'eip155:1')).toEqual([{ address: USDC }]);
    expect(tokensFor({ 'eip155:1': [{ address: USDC }] }, 'eip155:10')).toEqual([]);
    expect(tokensFor(undefined, 'eip155:1')).toEqual([]);
  });
});
