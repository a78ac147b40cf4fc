import { describe, expect, it } from 'vitest';
import { swapFailureMessage } from './swapTransactions.js';

describe('swapFailureMessage (§8 wording for a failed swap)', () => {
  it('reads Uniswap v2 and v3 slippage reverts as the tolerance message', () => {
    const expected =
      'The transaction was reverted by the contract: the price moved by more than your 2 % slippage tolerance. Get a new quote or raise the tolerance.';
    expect(swapFailureMessage(new Error('execution reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'), '2')).toBe(expected);
    expect(swapFailureMessage('Too little received', '2')).toBe(expected);
  });

  it('reads an expired deadline, other reverts, a declined request and anything else', () => {
    expect(swapFailureMessage('execution reverted: Transaction too old', '1')).toBe(
      'The transaction was reverted by the contract: the quote expired before the swap was included. Get a new quote.',
    );
    expect(swapFailureMessage(new Error('execution reverted: STF'), '1')).toBe(
      'The transaction was reverted by the contract: execution reverted: STF',
    );
    expect(swapFailureMessage('The transaction was reverted by the contract.', '1')).toBe('The transaction was reverted by the contract.');
    expect(swapFailureMessage(Object.assign(new Error('User rejected the request.'), { code: 4001 }), '1')).toBe('Signature declined');
    expect(swapFailureMessage(new Error('network down'), '1')).toBe('network down');
  });
});
