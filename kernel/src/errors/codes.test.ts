import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { ERROR_CODES, describeErrorCode, isUserRejection } from './codes.js';

describe('ERROR_CODES', () => {
  it('is exactly the §8 standard code table', () => {
    expect(ERROR_CODES).toEqual({
      PARSE_ERROR: -32700,
      INVALID_REQUEST: -32600,
      METHOD_NOT_FOUND: -32601,
      INVALID_PARAMS: -32602,
      INTERNAL_ERROR: -32603,
      INVALID_INPUT: -32000,
      RESOURCE_NOT_FOUND: -32001,
      RESOURCE_UNAVAILABLE: -32002,
      TRANSACTION_REJECTED: -32003,
      METHOD_NOT_SUPPORTED: -32004,
      LIMIT_EXCEEDED: -32005,
      VERSION_UNSUPPORTED: -32006,
      USER_REJECTED: 4001,
      UNAUTHORIZED: 4100,
      UNSUPPORTED_METHOD: 4200,
      PROVIDER_DISCONNECTED: 4900,
      CHAIN_DISCONNECTED: 4901,
      SWITCH_CHAIN: 4902,
      UNSUPPORTED_CAPABILITY: 5700,
      UNSUPPORTED_CHAIN: 5710,
      DUPLICATE_BUNDLE_ID: 5720,
      UNKNOWN_BUNDLE_ID: 5730,
      BUNDLE_TOO_LARGE: 5740,
      ATOMIC_UPGRADE_REJECTED: 5750,
      ATOMICITY_NOT_SUPPORTED: 5760,
    });
  });

  it('is frozen', () => {
    expect(Object.isFrozen(ERROR_CODES)).toBe(true);
  });
});

describe('describeErrorCode', () => {
  it('gives every standard code its own non-empty message', () => {
    const messages = Object.values(ERROR_CODES).map((code) => describeErrorCode(code));
    for (const message of messages) expect(message).toMatch(/\S/);
    expect(new Set(messages).size).toBe(messages.length);
  });

  it('uses the standard wording', () => {
    expect(describeErrorCode(4001)).toBe('User rejected the request.');
    expect(describeErrorCode(-32700)).toBe('Invalid JSON was received by the server.');
    expect(describeErrorCode(4902)).toMatch(/wallet_addEthereumChain/);
  });

  it('returns undefined for a code outside the table', () => {
    expect(describeErrorCode(1234)).toBeUndefined();
    expect(describeErrorCode(Number.NaN)).toBeUndefined();
  });
});

describe('isUserRejection', () => {
  it.each([
    ['code 4001', { code: 4001, message: 'whatever' }],
    ["ethers' ACTION_REJECTED", { code: 'ACTION_REJECTED', message: 'user rejected action' }],
    ['"User rejected the request."', new Error('User rejected the request.')],
    ['"User denied transaction signature"', new Error('MetaMask Tx Signature: User denied transaction signature.')],
    ['"user cancelled"', 'user cancelled the login'],
    ['a JSON-RPC error member', { error: { code: 4001, message: 'x' } }],
    ['a wrapped cause', new Error('Signature declined', { cause: { code: 4001 } })],
  ])('recognises %s', (_label, input) => {
    expect(isUserRejection(input)).toBe(true);
  });

  it.each([
    ['an unauthorized error', { code: 4100, message: 'Unauthorized' }],
    ['a node error', new Error('nonce too low')],
    ['"rejected" without the user', new Error('transaction rejected by node')],
    ['null', null],
    ['undefined', undefined],
    ['a number', 4001],
  ])('does not treat %s as a rejection', (_label, input) => {
    expect(isUserRejection(input)).toBe(false);
  });

  it('terminates on a cyclic cause chain', () => {
    const looping: { message: string; cause?: unknown } = { message: 'outer' };
    looping.cause = looping;
    expect(isUserRejection(looping)).toBe(false);
  });

  it('never throws (property)', () => {
    fc.assert(
      fc.property(fc.anything({ withNullPrototype: true, withBigInt: true }), (input) => {
        expect(typeof isUserRejection(input)).toBe('boolean');
      }),
    );
  });
});
