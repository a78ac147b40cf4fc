import { describe, expect, it } from 'vitest';
import { networkProblem } from './networkProblem.js';

const A = '0x1111111111111111111111111111111111111111';
const base = { v3: { router: A, quoter: A, factory: A }, weth: A } as const;

describe('networkProblem (checked when the Swap view opens)', () => {
  it('accepts a complete network', () => {
    expect(
      networkProblem(5, { ...base, rpcUrl: 'http://127.0.0.1:8545', tokens: [{ address: A, symbol: 'T', name: 'T', decimals: 6 }] }),
    ).toBeUndefined();
  });

  it.each([
    [
      { tokens: [{ address: '0xzz', symbol: 'X', name: 'X', decimals: 6 }] },
      'networks[5].tokens[0].address must be a 0x address of 40 hex characters',
    ],
    [{ tokens: [{ symbol: 'X', name: 'X', decimals: 1.5 }] }, 'networks[5].tokens[0] needs a symbol and decimals 0..36'],
    [{ tokens: [{ symbol: ' ', name: 'X', decimals: 6 }] }, 'networks[5].tokens[0] needs a symbol and decimals 0..36'],
    [{ v3: { ...base.v3, feeTiers: [] } }, 'networks[5].v3.feeTiers must list fees in hundredths of a basis point, such as 500 and 3000'],
    [
      { v3: { ...base.v3, feeTiers: [3000, 1_000_000] } },
      'networks[5].v3.feeTiers must list fees in hundredths of a basis point, such as 500 and 3000',
    ],
    [{ rpcUrl: 'ftp://x' }, 'networks[5].rpcUrl must be an http(s) URL'],
  ])('names what is wrong in %j', (patch, message) => {
    expect(networkProblem(5, { ...base, ...patch } as never)).toBe(message);
  });
});
