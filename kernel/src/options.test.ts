import { describe, expect, it } from 'vitest';
import { LatchError } from './errors/LatchError.js';
import { DEFAULT_ACCOUNT_TYPES, DEFAULT_FEATURES, FEATURE_NAMES, resolveOptions } from './options.js';
import { base, createFakeAdapter, mainnet, network, solanaMainnet } from './test-support/fakeAdapter.js';

describe('resolveOptions (§5, §9)', () => {
  it("throws the exact §5 message when both siweConfig and siwx are set", () => {
    const siwx = { getSessions: async () => [] };
    const both = () => resolveOptions({ networks: [mainnet], siweConfig: {}, siwx });
    expect(both).toThrow(LatchError);
    expect(both).toThrow(/^Cannot set both `siweConfig` and `siwx` options$/);
    expect(() => resolveOptions({ networks: [mainnet], siwx })).not.toThrow();
    expect(() => resolveOptions({ networks: [mainnet], siweConfig: {} })).not.toThrow();
  });

  it('requires at least one network', () => {
    expect(() => resolveOptions({ networks: [] })).toThrow(/At least one network/);
    expect(() => resolveOptions({} as never)).toThrow(/At least one network/);
  });

  it('rejects unknown feature names and lists the known ones', () => {
    expect(() => resolveOptions({ networks: [mainnet], features: { swap: true } as never })).toThrow(
      /Unknown feature 'swap'.*swaps/,
    );
  });

  it('applies the §9 default features and lets the integrator override them', () => {
    expect(DEFAULT_FEATURES).toEqual({
      swaps: true, onramp: true, receive: true, send: true, email: true, emailShowWallets: true,
      history: true, analytics: true, allWallets: true,
      legalCheckbox: false, smartSessions: false, collapseWallets: false, pay: false,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    });
    expect(Object.keys(DEFAULT_FEATURES).sort()).toEqual([...FEATURE_NAMES].sort());
    const resolved = resolveOptions({ networks: [mainnet], features: { swaps: false, pay: true } });
    expect(resolved.features.swaps).toBe(false);
    expect(resolved.features.pay).toBe(true);
    expect(resolved.features.send).toBe(true);
  });

  it('has the §6 default account types', () => {
    expect(DEFAULT_ACCOUNT_TYPES).toEqual({ eip155: 'smartAccount', solana: 'eoa', polkadot: 'eoa', bip122: 'payment' });
  });

  it('rejects malformed and duplicate networks, and a default network not in the list', () => {
    const broken = { ...mainnet, caipNetworkId: 'eip155' } as never;
    expect(() => resolveOptions({ networks: [broken] })).toThrow(/caipNetworkId 'eip155'/);
    const mismatch = { ...mainnet, chainNamespace: 'solana' } as never;
    expect(() => resolveOptions({ networks: [mismatch] })).toThrow(/matching chainNamespace/);
    expect(() => resolveOptions({ networks: [mainnet, mainnet] })).toThrow(/listed twice/);
    expect(() => resolveOptions({ networks: [mainnet], defaultNetwork: base })).toThrow(/not in `networks`/);
  });

  it('defaults: first network, network switch on, Latch prefix', () => {
    const resolved = resolveOptions({ networks: [solanaMainnet, mainnet] });
    expect(resolved.defaultNetwork).toBe(solanaMainnet);
    expect(resolved.enableNetworkSwitch).toBe(true);
    expect(resolved.storagePrefix).toBe('@latch/');
  });

  it('rejects two adapters for one namespace', () => {
    const a = createFakeAdapter({ namespace: 'eip155' }).adapter;
    const b = createFakeAdapter({ namespace: 'eip155' }).adapter;
    expect(() => resolveOptions({ networks: [mainnet, network('eip155', '10')], adapters: [a, b] })).toThrow(
      /Two adapters for namespace 'eip155'/,
    );
  });
});
