import { describe, it, expect } from 'vitest';
import { importedNames, productSources, workspaceDirs } from '../../../scripts/test-support/sourceGraph.js';
import * as catalogue from './messages.js';

// Transcribed from spec §8 (and §5 for the siwe/siwx rule); every fixed string must match verbatim. The embedded
// wallet's frame-client texts ('An error occurred', 'W3mFrame: iframe is not set', 'iframe_load_failed',
// 'iframe_request_timeout') live in connector-embedded's lazily loaded code and are pinned by its tests: a kernel
// export would move them into every page's first load, where the kernel's catalogue module is.
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
  'W3mFrame: parent is not set',
  'Request was aborted',
  'Something went wrong',
  'Chain is not supported',
  'Adapter not found',
  'Unknown error',
];

/**
 * §8 texts left out on purpose (kernel/README.md, "Error texts"): no Latch code path has their case (WalletConnect is
 * a plugin, whose absence is 'Connector … not found').
 */
const LEFT_OUT = [
  'WalletConnectConnector not found',
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

const alerts = Object.values(catalogue).filter(
  (value): value is catalogue.Alert => typeof value === 'object' && value !== null && 'title' in value && 'description' in value,
);

describe('the message catalogue', () => {
  it('holds exactly the fixed §8 strings, verbatim', () => {
    const fixed = Object.values(catalogue).filter((value) => typeof value === 'string');
    expect([...fixed].sort()).toEqual([...SPEC_FIXED_MESSAGES].sort());
  });

  it('leaves out the texts whose case no Latch code path has', () => {
    const fixed = Object.values(catalogue).filter((value) => typeof value === 'string');
    for (const text of LEFT_OUT) expect(fixed).not.toContain(text);
  });

  it('names the common messages as documented', () => {
    expect(catalogue.FAILED_TO_DISCONNECT_MESSAGE).toBe('Failed to disconnect');
    expect(catalogue.UNKNOWN_ERROR_MESSAGE).toBe('Unknown error');
    expect(catalogue.SIWE_AND_SIWX_MESSAGE).toBe('Cannot set both `siweConfig` and `siwx` options');
    expect(catalogue.TRANSACTIONS_REQUIRE_ACCOUNT_ADDRESS_MESSAGE).toBe("Transactions can't be fetched without an accountAddress");
  });

  it('fills in the parameterised messages', () => {
    expect(catalogue.failedToDisconnectChain('solana', 'wallet locked')).toBe('Failed to disconnect chain solana: wallet locked');
    expect(catalogue.errorRegisteringName('alice.latch')).toBe('Error registering name alice.latch');
    expect(catalogue.pleaseTryAgainAfter(27)).toBe('Please try again after 27 seconds');
  });

  it('exports only what some package uses: each name is imported by product code outside the catalogue', () => {
    const entries = ['kernel/src/index.ts', 'kernel/src/internal.ts'];
    const used = new Set(
      workspaceDirs()
        .flatMap(productSources)
        .filter((file) => !/^kernel\/src\/errors\/(messages|accountMessages|signInMessages)\.ts$/.test(file) && !entries.includes(file))
        .flatMap((file) => importedNames(file)),
    );
    // primitives.ts (LatchError's module) writes this text out rather than import it (that module must import nothing: see there), and its
    // test pins the two equal; it is the fallback of readErrorMessage and toLatchError.
    const writtenOut = ['UNKNOWN_ERROR_MESSAGE'];
    const unused = Object.keys(catalogue).filter((name) => !used.has(name) && !writtenOut.includes(name));
    expect(unused).toEqual([]);
  });
});

describe('alerts', () => {
  it('have distinct ids', () => {
    expect(new Set(alerts.map((alert) => alert.id)).size).toBe(alerts.length);
    expect(alerts.length).toBe(6);
  });

  it('use the §8 titles', () => {
    expect(catalogue.NETWORK_NOT_FOUND_ALERT.title).toBe('Network Not Found');
    expect(catalogue.INVALID_APP_CONFIGURATION_ALERT.title).toBe('Invalid App Configuration');
    expect(catalogue.EMBEDDED_WALLET_LOAD_FAILED_ALERT.title).toBe('Network Error - Could not load embedded wallet');
    expect(catalogue.EMBEDDED_WALLET_TIMEOUT_ALERT.title).toBe('Embedded Wallet Request Timed Out');
    expect(catalogue.SESSION_EXPIRED_ALERT.title).toBe('Session Expired');
    expect(catalogue.INVALID_PROJECT_ID_ALERT.title).toBe('Invalid Project ID');
  });

  it('keep both quoted fragments of the session-expired text', () => {
    const { description } = catalogue.SESSION_EXPIRED_ALERT;
    expect(description).toBe('Invalid session found on UniversalProvider - please check your time settings and connect again');
  });

  it('explain the allowlist in the invalid-app-configuration alert', () => {
    expect(catalogue.INVALID_APP_CONFIGURATION_ALERT.description).toMatch(/allowlist/);
  });

  it('each have a title and a short description', () => {
    for (const alert of alerts) {
      expect(alert.title.length).toBeGreaterThan(0);
      expect(alert.description.length).toBeGreaterThan(0);
      expect(alert.description.length).toBeLessThanOrEqual(140);
    }
  });

  it('are frozen', () => {
    for (const alert of alerts) expect(Object.isFrozen(alert)).toBe(true);
  });
});
