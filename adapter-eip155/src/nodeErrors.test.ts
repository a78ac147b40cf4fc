import { describe, expect, it } from 'vitest';
import { mapNodeError, type NodeErrorKind } from './nodeErrors.js';

describe('mapNodeError', () => {
  const address = '0x0000000000000000000000000000000000000001';
  const cases: Array<[NodeErrorKind, string]> = [
    ['EXECUTION_REVERTED', 'execution reverted'],
    ['EXECUTION_REVERTED', 'VM Exception while processing transaction: revert'],
    ['FEE_CAP_TOO_HIGH', `max fee per gas higher than 2^256-1: address ${address}, maxFeePerGas bit length: 257`],
    ['FEE_CAP_TOO_HIGH', 'fee cap higher than 2^256-1'],
    ['FEE_CAP_TOO_LOW', `max fee per gas less than block base fee: address ${address}, maxFeePerGas: 1, baseFee: 7`],
    ['FEE_CAP_TOO_LOW', 'fee cap less than block base fee'],
    ['FEE_CAP_TOO_LOW', 'transaction is outdated'],
    ['NONCE_TOO_HIGH', `nonce too high: address ${address}, tx: 9 state: 2`],
    ['NONCE_TOO_LOW', `nonce too low: address ${address}, tx: 0 state: 5`],
    ['NONCE_TOO_LOW', 'already known'],
    ['INSUFFICIENT_FUNDS', `insufficient funds for gas * price + value: address ${address} have 0 want 21000`],
    ['GAS_TOO_HIGH', 'intrinsic gas too high'],
    ['GAS_TOO_HIGH', 'exceeds block gas limit'],
    ['GAS_TOO_LOW', 'intrinsic gas too low: have 20000, want 21000'],
    ['GAS_TOO_LOW', 'gas too low'],
    ['TRANSACTION_TYPE_NOT_SUPPORTED', 'transaction type not supported'],
    [
      'TIP_ABOVE_FEE_CAP',
      `max priority fee per gas higher than max fee per gas: address ${address}, maxPriorityFeePerGas: 2, maxFeePerGas: 1`,
    ],
    ['TIP_ABOVE_FEE_CAP', 'tip higher than fee cap'],
  ];

  it.each(cases)('recognises %s in "%s"', (kind, message) => {
    const mapped = mapNodeError(message);
    expect(mapped?.kind).toBe(kind);
    expect(mapped?.message).toMatch(/^The |^This /);
  });

  it('covers every kind with a distinct friendly message', () => {
    const messagesByKind = new Map(cases.map(([kind, raw]) => [kind, mapNodeError(raw)?.message]));
    expect(messagesByKind.size).toBe(10);
    expect(new Set(messagesByKind.values()).size).toBe(10);
  });

  it('keeps the revert reason and prefers it over phrases the reason quotes', () => {
    const mapped = mapNodeError('execution reverted: insufficient funds for transfer');
    expect(mapped).toEqual({
      kind: 'EXECUTION_REVERTED',
      message: 'The transaction was reverted by the contract: insufficient funds for transfer',
    });
  });

  it('returns undefined for an unknown message', () => {
    expect(mapNodeError('header not found')).toBeUndefined();
    expect(mapNodeError('')).toBeUndefined();
  });
});
