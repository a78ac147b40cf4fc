import { describe, it, expect } from 'vitest';
import { LatchError } from '../primitives.js';
import { CONNECTOR_ERRORS, connectorError } from './providerMessages.js';

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
      ].sort(),
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
    expect(connectorError('CHAIN_NOT_CONFIGURED', 'eip155:10').message).toBe('Chain not configured: eip155:10');
    expect(connectorError('UNAVAILABLE_WHILE_RECONNECTING', 'Rabby').message).toBe('Connector unavailable while reconnecting: Rabby');
  });
});
