import { describe, expect, it } from 'vitest';
import { swapFailureMessage } from './swapTransactions.js';

describe('swapFailureMessage (§8 wording for a failed swap)', () => {
  it('reads Uniswap v2 and v3 slippage reverts of a mined swap as the tolerance message', () => {
    const expected =
      'The transaction was reverted by the contract: the price moved by more than your 2 % slippage tolerance. Get a new quote or raise the tolerance.';
    expect(swapFailureMessage(new Error('execution reverted: UniswapV2Router: INSUFFICIENT_OUTPUT_AMOUNT'), '2', 'reverted')).toBe(
      expected,
    );
    expect(swapFailureMessage('Too little received', '2', 'reverted')).toBe(expected);
  });

  it('reads an expired deadline, other reverts, a declined request and anything else', () => {
    expect(swapFailureMessage('execution reverted: Transaction too old', '1', 'reverted')).toBe(
      'The transaction was reverted by the contract: the quote expired before the swap was included. Get a new quote.',
    );
    expect(swapFailureMessage(new Error('execution reverted: STF'), '1', 'reverted')).toBe(
      'The transaction was reverted by the contract: execution reverted: STF',
    );
    expect(swapFailureMessage('The transaction was reverted by the contract.', '1', 'reverted')).toBe(
      'The transaction was reverted by the contract.',
    );
    expect(swapFailureMessage(Object.assign(new Error('User rejected the request.'), { code: 4001 }), '1', 'refused')).toBe(
      'Signature declined',
    );
    expect(swapFailureMessage(new Error('network down'), '1', 'refused')).toBe('network down');
  });

  it('never calls a swap refused before sending (at gas estimation) reverted: nothing reached the chain', () => {
    expect(swapFailureMessage(new Error('execution reverted: Too little received'), '0.5', 'refused')).toBe(
      'The contract refused this swap: the price moved by more than your 0.5 % slippage tolerance. Get a new quote or raise the tolerance. Nothing was sent.',
    );
    expect(swapFailureMessage(new Error('Execution reverted with reason: execution reverted: STF'), '1', 'refused')).toBe(
      'The contract refused this swap: STF. Nothing was sent.',
    );
    expect(swapFailureMessage(new Error('execution reverted: custom error 0x1234'), '1', 'refused')).toBe(
      'The contract refused this swap. Nothing was sent.',
    );
    for (const reason of ['Too little received', 'execution reverted: STF', 'execution reverted', 'Transaction too old'])
      expect(swapFailureMessage(new Error(reason), '1', 'refused')).not.toMatch(/revert/i);
  });
});
