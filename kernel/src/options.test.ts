import { describe, expect, it } from 'vitest';
import { LatchError } from './primitives.js';
import { DEFAULT_FEATURES, FEATURE_NAMES, resolveOptions } from './options.js';
import { base, createFakeAdapter, mainnet, network, solanaMainnet } from '@latch/testkit/kernel';

describe('resolveOptions (§5, §9)', () => {
  it('throws the exact §5 message when both siweConfig and siwx are set', () => {
    const siwx = {
      getSessions: async () => [],
      createMessage: async () => ({ message: 'm', domain: 'd' }),
      addSession: async () => undefined,
    };
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

  it('takes imageHosts as a list of non-empty strings only', () => {
    expect(resolveOptions({ networks: [mainnet], imageHosts: ['img.example.com', 'https://cdn.example'] }).imageHosts).toEqual([
      'img.example.com',
      'https://cdn.example',
    ]);
    for (const bad of ['img.example.com', [''], [42], {}]) {
      expect(() => resolveOptions({ networks: [mainnet], imageHosts: bad as never })).toThrow(
        '`imageHosts` must be a list of host names or origins',
      );
    }
  });

  it('rejects unknown feature names and lists the known ones', () => {
    expect(() => resolveOptions({ networks: [mainnet], features: { swap: true } as never })).toThrow(/Unknown feature 'swap'.*swaps/);
  });

  it('applies the §9 default features and lets the integrator override them', () => {
    expect(DEFAULT_FEATURES).toEqual({
      swaps: true,
      onramp: true,
      receive: true,
      send: true,
      email: true,
      emailShowWallets: true,
      history: true,
      analytics: true,
      allWallets: true,
      legalCheckbox: false,
      smartSessions: false,
      collapseWallets: false,
      pay: false,
      socials: ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'],
    });
    expect(Object.keys(DEFAULT_FEATURES).sort()).toEqual([...FEATURE_NAMES].sort());
    const resolved = resolveOptions({ networks: [mainnet], features: { swaps: false, pay: true } });
    expect(resolved.features.swaps).toBe(false);
    expect(resolved.features.pay).toBe(true);
    expect(resolved.features.send).toBe(true);
  });

  it('rejects malformed and duplicate networks, and a default network not in the list', () => {
    const broken = { ...mainnet, caipNetworkId: 'eip155' } as never;
    expect(() => resolveOptions({ networks: [broken] })).toThrow(/caipNetworkId 'eip155'/);
    const mismatch = { ...mainnet, chainNamespace: 'solana' } as never;
    expect(() => resolveOptions({ networks: [mismatch] })).toThrow(/whose namespace is its chainNamespace/);
    expect(() => resolveOptions({ networks: [mainnet, mainnet] })).toThrow(/listed twice/);
    expect(() => resolveOptions({ networks: [mainnet], defaultNetwork: base })).toThrow(/not in `networks`/);
  });

  it('defaults: first network, network switch on, Latch prefix', () => {
    const resolved = resolveOptions({ networks: [solanaMainnet, mainnet] });
    expect(resolved.defaultNetwork).toBe(solanaMainnet);
    expect(resolved.enableNetworkSwitch).toBe(true);
    expect(resolved.storagePrefix).toBe('@latch/');
  });

  it("puts customRpcUrls in place of a network's own, and rejects ones that name no network or no http(s) URL", () => {
    const resolved = resolveOptions({ networks: [mainnet, base], customRpcUrls: { 'eip155:1': ['https://my-node.example/rpc'] } });
    expect(resolved.networks[0]?.rpcUrls.default.http).toEqual(['https://my-node.example/rpc']);
    expect(resolved.networks[1]).toBe(base);
    expect(resolved.defaultNetwork.rpcUrls.default.http).toEqual(['https://my-node.example/rpc']);
    expect(mainnet.rpcUrls.default.http).not.toEqual(['https://my-node.example/rpc']);
    expect(() => resolveOptions({ networks: [mainnet], customRpcUrls: { 'eip155:10': ['https://x.example'] } })).toThrow(
      /not in `networks`/,
    );
    expect(() => resolveOptions({ networks: [mainnet], customRpcUrls: { 'eip155:1': ['ws://x.example'] } })).toThrow(/http\(s\) URLs/);
    expect(() => resolveOptions({ networks: [mainnet], customRpcUrls: { 'eip155:1': [] } })).toThrow(/non-empty/);
  });

  it('rejects two adapters for one namespace', () => {
    const a = createFakeAdapter({ namespace: 'eip155' }).adapter;
    const b = createFakeAdapter({ namespace: 'eip155' }).adapter;
    expect(() => resolveOptions({ networks: [mainnet, network('eip155', '10')], adapters: [a, b] })).toThrow(
      /Two adapters for namespace 'eip155'/,
    );
  });
});
