import { describe, it, expect } from 'vitest';
import { LatchError } from './LatchError.js';
import {
  CONNECTOR_ERRORS,
  connectorError,
  mapNodeError,
  mapProviderMessageToAlert,
  type NodeErrorKind,
} from './providerMessages.js';

describe('mapProviderMessageToAlert', () => {
  it.each([
    ['Unauthorized: origin not allowed', 'INVALID_APP_CONFIGURATION'],
    ['WebSocket connection failed: Unauthorized: origin not allowed', 'INVALID_APP_CONFIGURATION'],
    ['jwt not yet valid', 'SESSION_EXPIRED'],
    ['JWT validation error: JWT Token is not yet valid', 'SESSION_EXPIRED'],
    ['Unauthorized: invalid key', 'INVALID_PROJECT_ID'],
  ])('maps "%s" to %s', (message, alert) => {
    expect(mapProviderMessageToAlert(message)).toBe(alert);
  });

  it.each(['Unauthorized', 'jwt expired', 'invalid key', '', 'Network request failed'])(
    'leaves "%s" unmapped',
    (message) => {
      expect(mapProviderMessageToAlert(message)).toBeUndefined();
    }
  );
});

describe('mapNodeError', () => {
  const address = '0x0000000000000000000000000000000000000001';
  const cases: Array<[NodeErrorKind, string]> = [
    ['EXECUTION_REVERTED', 'execution reverted'],
    ['EXECUTION_REVERTED', 'VM Exception while processing transaction: revert'],
    [
      'FEE_CAP_TOO_HIGH',
      `max fee per gas higher than 2^256-1: address ${address}, maxFeePerGas bit length: 257`,
    ],
    ['FEE_CAP_TOO_HIGH', 'fee cap higher than 2^256-1'],
    [
      'FEE_CAP_TOO_LOW',
      `max fee per gas less than block base fee: address ${address}, maxFeePerGas: 1, baseFee: 7`,
    ],
    ['FEE_CAP_TOO_LOW', 'fee cap less than block base fee'],
    ['FEE_CAP_TOO_LOW', 'transaction is outdated'],
    ['NONCE_TOO_HIGH', `nonce too high: address ${address}, tx: 9 state: 2`],
    ['NONCE_TOO_LOW', `nonce too low: address ${address}, tx: 0 state: 5`],
    ['NONCE_TOO_LOW', 'already known'],
    [
      'INSUFFICIENT_FUNDS',
      `insufficient funds for gas * price + value: address ${address} have 0 want 21000`,
    ],
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

describe('connector errors', () => {
  it('has a message for each §8 connector failure', () => {
    expect(Object.keys(CONNECTOR_ERRORS).sort()).toEqual(
      [
        'ACCOUNT_NOT_FOUND',
        'ALREADY_CONNECTED',
        'CHAIN_MISMATCH',
        'CHAIN_NOT_CONFIGURED',
        'NOT_CONNECTED',
        'UNAVAILABLE_WHILE_RECONNECTING',
      ].sort()
    );
    expect(Object.isFrozen(CONNECTOR_ERRORS)).toBe(true);
  });

  it('builds a CONNECTOR_ERROR LatchError', () => {
    const error = connectorError('NOT_CONNECTED');
    expect(error).toBeInstanceOf(LatchError);
    expect(error.category).toBe('CONNECTOR_ERROR');
    expect(error.message).toBe(CONNECTOR_ERRORS.NOT_CONNECTED);
  });

  it('appends the detail after a colon', () => {
    expect(connectorError('CHAIN_NOT_CONFIGURED', 'eip155:10').message).toBe(
      'Chain not configured: eip155:10'
    );
    expect(connectorError('UNAVAILABLE_WHILE_RECONNECTING', 'Rabby').message).toBe(
      'Connector unavailable while reconnecting: Rabby'
    );
  });
});
