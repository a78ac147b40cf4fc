import { afterEach, describe, expect, it, vi } from 'vitest';
import { getWallets } from '@wallet-standard/app';
import type { CaipNetwork } from '@latch/kernel';
import { createSolanaLocalnet } from '../networks/localnet.js';
import { DEVNET, MAINNET, SVG_ICON, createRegistrations, fullFeatures, standardWallet } from '../test-support/standardWallets.js';
import { createWalletStandardDiscovery, readSolanaWallet } from './walletStandard.js';
import { solana, solanaDevnet, solanaTestnet } from '../networks/clusters.js';

const networks: CaipNetwork[] = [solana, solanaDevnet];

describe('readSolanaWallet', () => {
  it('accepts a named wallet with a data: icon, connect, events, a Solana sign feature and a configured chain', () => {
    const wallet = standardWallet('Phantom');
    expect(readSolanaWallet(wallet, networks)).toEqual({ wallet, name: 'Phantom', icon: SVG_ICON });
  });

  it.each([
    ['solana:signAndSendTransaction', ['solana:signTransaction', 'solana:signMessage']],
    ['solana:signTransaction', ['solana:signAndSendTransaction', 'solana:signMessage']],
    ['solana:signMessage', ['solana:signAndSendTransaction', 'solana:signTransaction']],
  ])('accepts %s as the only sign feature', (_kept, without) => {
    expect(readSolanaWallet(standardWallet('One', { without }), networks)).toBeDefined();
  });

  it.each([
    ['no standard:connect', { without: ['standard:connect'] }],
    ['no standard:events', { without: ['standard:events'] }],
    ['no Solana sign feature', { without: ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage'] }],
    ['a connect feature without its method', { features: { ...fullFeatures(), 'standard:connect': { version: '1.0.0' } } }],
    ['only chains the app did not configure', { chains: ['solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'] }],
    ['only another namespace', { chains: ['bip122:000000000019d6689c085ae165831e93'] }],
    ['no name', { name: undefined }],
    ['a blank name', { name: '   ' }],
    ['a remote icon (would leak the visitor IP)', { icon: 'https://wallet.example/icon.png' }],
    ['a data: icon that is not an image', { icon: 'data:text/html;base64,PHNjcmlwdD4=' }],
    ['features that are not an object', { features: 'standard:connect' }],
    ['null features', { features: null }],
    ['chains that are not an array', { chains: MAINNET }],
  ])('drops a wallet with %s', (_label, shape) => {
    expect(readSolanaWallet(standardWallet('Broken', shape), networks)).toBeUndefined();
  });

  it('survives hostile registrations (throwing getters, revoked proxies)', () => {
    const throwing = Object.defineProperty(standardWallet('Hostile'), 'features', {
      get() {
        throw new Error('boom');
      },
    });
    const { proxy, revoke } = Proxy.revocable(standardWallet('Revoked'), {});
    revoke();
    const chainsProxy = standardWallet('Chains', {
      chains: new Proxy([MAINNET], {
        get() {
          throw new Error('boom');
        },
      }),
    });
    expect([throwing, proxy, chainsProxy, null, 42, 'wallet'].map((w) => readSolanaWallet(w, networks))).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('maps cluster names and deprecated ids onto the configured networks', () => {
    for (const chain of ['solana:mainnet', 'solana:4sGjMW1sUnHzSxGspuhpqLDx6wiyjNtZ']) {
      expect(readSolanaWallet(standardWallet('Alias', { chains: [chain] }), [solana])).toBeDefined();
    }
    expect(readSolanaWallet(standardWallet('Dev', { chains: ['solana:devnet'] }), [solana])).toBeUndefined();
    expect(readSolanaWallet(standardWallet('Test', { chains: ['solana:testnet'] }), [solanaTestnet])).toBeDefined();
  });

  it('takes solana:localnet as the validator on this machine', () => {
    const local = createSolanaLocalnet({ rpcUrl: 'http://127.0.0.1:18899', caipNetworkId: 'solana:GH7ome3EiwEr7tu9JuTh2dpYWBJK3z69' });
    expect(readSolanaWallet(standardWallet('Local', { chains: ['solana:localnet'] }), [local])).toBeDefined();
    expect(readSolanaWallet(standardWallet('Local', { chains: ['solana:localnet'] }), [solanaDevnet])).toBeUndefined();
  });

  it('accepts any Solana chain while no network is configured (before setup)', () => {
    expect(readSolanaWallet(standardWallet('Any', { chains: ['solana:anything'] }), [])).toBeDefined();
    expect(readSolanaWallet(standardWallet('None', { chains: ['eip155:1'] }), [])).toBeUndefined();
  });
});

describe('createWalletStandardDiscovery (real @wallet-standard/app registry)', () => {
  const registrations = createRegistrations();
  afterEach(() => registrations.clear());

  it('does not touch the registry until the first subscriber', () => {
    const getRegistry = vi.fn(getWallets);
    const discovery = createWalletStandardDiscovery(getRegistry, () => networks);
    expect(getRegistry).not.toHaveBeenCalled();
    const unsubscribe = discovery.subscribe(() => {});
    expect(getRegistry).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('lists one wallet per name, sorted by name; the first registered of a name wins', () => {
    const discovery = createWalletStandardDiscovery(getWallets, () => networks);
    const firstSolflare = standardWallet('Solflare');
    registrations.register(standardWallet('Phantom'), firstSolflare, standardWallet('Backpack'), standardWallet('Solflare'));
    expect(discovery.wallets().map((w) => w.name)).toEqual(['Backpack', 'Phantom', 'Solflare']);
    expect(discovery.wallets()[2]?.wallet).toBe(firstSolflare);
  });

  it('re-reads a wallet that reports new chains through standard:events', () => {
    let emitChange: ((properties: unknown) => void) | undefined;
    const wallet = standardWallet('Late', { chains: [] });
    Object.assign((wallet.features as Record<string, object>)['standard:events'] as object, {
      on: (_event: string, listener: (properties: unknown) => void) => ((emitChange = listener), () => (emitChange = undefined)),
    });
    registrations.register(wallet);
    const discovery = createWalletStandardDiscovery(getWallets, () => networks);
    const onChange = vi.fn();
    const unsubscribe = discovery.subscribe(onChange);
    expect(discovery.wallets()).toEqual([]);
    (wallet as unknown as { chains: string[] }).chains = [DEVNET];
    emitChange?.({ chains: [DEVNET] });
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(discovery.wallets().map((w) => w.name)).toEqual(['Late']);
    unsubscribe();
    expect(emitChange).toBeUndefined(); // stopped following the wallet
  });

  it('waitFor resolves when the wallet registers later, within the timeout', async () => {
    const discovery = createWalletStandardDiscovery(getWallets, () => networks);
    setTimeout(() => registrations.register(standardWallet('Phantom')), 20);
    await expect(discovery.waitFor('Phantom', 2_000)).resolves.toMatchObject({ name: 'Phantom' });
  });

  it('waitFor gives up with undefined after the timeout, and ignores unusable wallets of that name', async () => {
    const discovery = createWalletStandardDiscovery(getWallets, () => networks);
    registrations.register(standardWallet('Phantom', { without: ['standard:connect'] }));
    const started = Date.now();
    await expect(discovery.waitFor('Phantom', 50)).resolves.toBeUndefined();
    expect(Date.now() - started).toBeGreaterThanOrEqual(45);
  });
});
