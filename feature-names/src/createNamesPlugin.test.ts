import { type CaipNetwork, createModal } from '@latch/kernel';
import { describe, expect, it, vi } from 'vitest';
import { invalidOption } from '../../scripts/test-support/latchErrors.js';
import { createNamesPlugin } from './createNamesPlugin.js';
import { chainOfCoinType, coinTypeOfChain, createRegistrationMessage, nameLabelProblem } from './nameRules.js';

const BAD_OPTIONS = "createNamesPlugin: serviceUrl must be http(s), suffix a lowercase domain ('latch.id')";

const local: CaipNetwork = {
  id: 31337,
  name: 'Local Devnet',
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
};

describe('createNamesPlugin', () => {
  it('checks its options', () => {
    expect(() => createNamesPlugin({ serviceUrl: 'names.example', suffix: 'latch.id' })).toThrow(invalidOption(BAD_OPTIONS));
    expect(() => createNamesPlugin({ serviceUrl: 'https://names.example', suffix: 'Latch.ID' })).toThrow(invalidOption(BAD_OPTIONS));
    expect(() => createNamesPlugin({ serviceUrl: 'https://names.example', suffix: '.id' })).toThrow(invalidOption(BAD_OPTIONS));
    expect(createNamesPlugin({ serviceUrl: 'https://names.example/', suffix: 'latch.id', projectId: 'p1' }).names).toEqual({
      serviceUrl: 'https://names.example',
      suffix: 'latch.id',
      projectId: 'p1',
    });
  });

  it('registers under its own flag with its views, its Account entry and the names service, and makes no request', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const plugin = createNamesPlugin({ serviceUrl: 'https://names.example', suffix: 'latch.id' });
    const modal = createModal({ networks: [local], plugins: [plugin], storage: null });
    // The kernel registers a plugin while its flag is on: `names`, on unless the host sets it false.
    expect(plugin.feature).toBe('names');
    expect(modal.options.features.names).toBe(true);
    expect(Object.keys(plugin.views ?? {})).toEqual(['RegisterAccountName', 'RegisterAccountNameSuccess']);
    expect(plugin.accountEntry).toEqual({ label: 'Register a name', view: 'RegisterAccountName', namespaces: ['eip155'] });
    expect(modal.options.dataServices?.names).toBe(plugin.dataServices?.names);
    const off = createModal({ networks: [local], plugins: [plugin], features: { names: false }, storage: null });
    expect(off.options.features.names).toBe(false);
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });
});

describe('§5 and §7 name rules', () => {
  it('accepts letters, digits and hyphens, at least 4 characters', () => {
    expect(nameLabelProblem('al-1C')).toBeUndefined();
    expect(nameLabelProblem('abc')).toBe('A name must be at least 4 characters');
    expect(nameLabelProblem('al ice')).toBe('A name may contain only letters, digits and hyphens');
    expect(nameLabelProblem('alicé')).toBe('A name may contain only letters, digits and hyphens');
    expect(nameLabelProblem('a'.repeat(64))).toBe('A name must be at most 63 characters');
  });

  it('sets the top bit of the chain id for the coin type, and signs name, empty attributes, seconds, the coin type and the service', () => {
    expect(coinTypeOfChain(1)).toBe(2147483649);
    expect(coinTypeOfChain(8453)).toBe(0x80000000 + 8453);
    expect(chainOfCoinType(coinTypeOfChain(31337))).toBe(31337);
    expect(chainOfCoinType(60)).toBeUndefined();
    expect(() => coinTypeOfChain(0)).toThrow(invalidOption('Invalid chain id 0'));
    expect(() => coinTypeOfChain(0x80000000)).toThrow(invalidOption('Invalid chain id 2147483648'));
    const target = { name: 'alice.latch.id', coinType: 2147483649, serviceUrl: 'https://names.example.com/' };
    expect(JSON.parse(createRegistrationMessage(target, 1_700_000_000_999))).toEqual({
      name: 'alice.latch.id',
      attributes: {},
      timestamp: 1_700_000_000,
      coinType: 2147483649,
      service: 'https://names.example.com',
    });
    // The project, when the client names one; only the service's origin (no path) is signed.
    expect(
      JSON.parse(createRegistrationMessage({ ...target, serviceUrl: 'https://api.example:8443/names', projectId: 'shop' }, 0)),
    ).toMatchObject({
      service: 'https://api.example:8443',
      projectId: 'shop',
    });
  });
});
