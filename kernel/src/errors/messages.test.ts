import { describe, it, expect } from 'vitest';
import { ALERTS, ALERT_IDS, ERROR_MESSAGES } from './messages.js';

// Transcribed from spec §8 (and §5 for the siwe/siwx rule); every fixed string must match verbatim.
const SPEC_FIXED_MESSAGES = [
  'Failed to disconnect',
  'Network not found',
  'An amount and receiver address are required',
  'A token is required',
  'Unsupported chain',
  'Error resolving name',
  'Error fetching name suggestions',
  'Error fetching names for address',
  "Transactions can't be fetched without an accountAddress",
  'Token Balance Unavailable',
  'Failed to fetch transactions',
  'A problem occurred while trying initialize authentication',
  'Signature declined',
  'This application might not support Smart Accounts',
  'SIWX is not enabled',
  'No ActiveCaipAddress found',
  'No ActiveCaipNetwork or client found',
  'Cannot set both `siweConfig` and `siwx` options',
  'Unable to load email login dependency',
  'W3mFrame: iframe is not set',
  'W3mFrame: parent is not set',
  'Request was aborted',
  'Something went wrong',
  'An error occurred',
  'iframe_load_failed',
  'iframe_request_timeout',
  'Chain is not supported',
  'WalletConnectConnector not found',
  'Adapter not found',
  'Unknown error',
];

/** §8 texts left out on purpose (kernel/README.md, "Error texts"): no Latch code path has their case. */
const LEFT_OUT = [
  'Chain is required to update chain account data',
  'Chain adapter not found',
  'NetworkController client not set',
  'ConnectionController client not set',
  'Address or auth connector not found',
  'No ConnectionController client found',
  'CaipNetwork is undefined',
  'CaipNetwork or CaipAddress is undefined',
  'ConnectionControllerClient and NetworkControllerClient must be set',
];

describe('ERROR_MESSAGES', () => {
  it('holds exactly the fixed §8 strings, verbatim', () => {
    const fixed = Object.values(ERROR_MESSAGES).filter((value) => typeof value === 'string');
    expect([...fixed].sort()).toEqual([...SPEC_FIXED_MESSAGES].sort());
  });

  it('leaves out the texts whose case no Latch code path has', () => {
    const fixed = Object.values(ERROR_MESSAGES).filter((value) => typeof value === 'string');
    for (const text of LEFT_OUT) expect(fixed).not.toContain(text);
  });

  it('names the common messages as documented', () => {
    expect(ERROR_MESSAGES.FAILED_TO_DISCONNECT).toBe('Failed to disconnect');
    expect(ERROR_MESSAGES.UNKNOWN_ERROR).toBe('Unknown error');
    expect(ERROR_MESSAGES.SIWE_AND_SIWX).toBe('Cannot set both `siweConfig` and `siwx` options');
    expect(ERROR_MESSAGES.TRANSACTIONS_REQUIRE_ACCOUNT_ADDRESS).toBe("Transactions can't be fetched without an accountAddress");
  });

  it('fills in the parameterised messages', () => {
    expect(ERROR_MESSAGES.failedToDisconnectChain('solana', 'wallet locked')).toBe('Failed to disconnect chain solana: wallet locked');
    expect(ERROR_MESSAGES.errorRegisteringName('alice.latch')).toBe('Error registering name alice.latch');
    expect(ERROR_MESSAGES.pleaseTryAgainAfter(27)).toBe('Please try again after 27 seconds');
  });

  it('is frozen', () => {
    expect(Object.isFrozen(ERROR_MESSAGES)).toBe(true);
    expect(() => {
      (ERROR_MESSAGES as Record<string, unknown>).UNKNOWN_ERROR = 'changed';
    }).toThrow(TypeError);
    expect(ERROR_MESSAGES.UNKNOWN_ERROR).toBe('Unknown error');
  });
});

describe('ALERTS', () => {
  it('has one alert per id, keyed by its own id', () => {
    expect(Object.keys(ALERTS).sort()).toEqual([...ALERT_IDS].sort());
    for (const id of ALERT_IDS) expect(ALERTS[id].id).toBe(id);
  });

  it('uses the §8 titles', () => {
    expect(ALERTS.NETWORK_NOT_FOUND.title).toBe('Network Not Found');
    expect(ALERTS.INVALID_APP_CONFIGURATION.title).toBe('Invalid App Configuration');
    expect(ALERTS.EMBEDDED_WALLET_LOAD_FAILED.title).toBe('Network Error - Could not load embedded wallet');
    expect(ALERTS.EMBEDDED_WALLET_TIMEOUT.title).toBe('Embedded Wallet Request Timed Out');
    expect(ALERTS.SESSION_EXPIRED.title).toBe('Session Expired');
    expect(ALERTS.INVALID_PROJECT_ID.title).toBe('Invalid Project ID');
    expect(ALERTS.PROJECT_ID_NOT_CONFIGURED.title).toBe('Project ID Not Configured');
  });

  it('keeps both quoted fragments of the session-expired text', () => {
    const { description } = ALERTS.SESSION_EXPIRED;
    expect(description).toBe('Invalid session found on UniversalProvider - please check your time settings and connect again');
    expect(description.startsWith('Invalid session found')).toBe(true);
    expect(description.endsWith('check your time settings and connect again')).toBe(true);
  });

  it('explains the allowlist in the invalid-app-configuration alert', () => {
    expect(ALERTS.INVALID_APP_CONFIGURATION.description).toMatch(/allowlist/);
  });

  it('gives every alert a title and a short description', () => {
    for (const alert of Object.values(ALERTS)) {
      expect(alert.title.length).toBeGreaterThan(0);
      expect(alert.description.length).toBeGreaterThan(0);
      expect(alert.description.length).toBeLessThanOrEqual(140);
    }
  });

  it('is frozen, alerts included', () => {
    expect(Object.isFrozen(ALERTS)).toBe(true);
    for (const alert of Object.values(ALERTS)) expect(Object.isFrozen(alert)).toBe(true);
  });
});
