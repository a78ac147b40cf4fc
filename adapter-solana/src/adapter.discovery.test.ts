import { afterEach, describe, expect, it, vi } from 'vitest';
import { getWallets } from '@wallet-standard/app';
import type { AdapterEvent, CaipNetwork, ChainAdapter, Connector } from '@latch/kernel';
import { createSolanaAdapter } from './adapter.js';
import { DEVNET, SVG_ICON, createRegistrations, standardWallet } from './test-support/standardWallets.js';
import { solana, solanaDevnet } from './networks/clusters.js';

const registrations = createRegistrations();
afterEach(() => registrations.clear());

/** Set up as the kernel does: setup with the configured networks, then watchConnectors. */
function watch(adapter: ChainAdapter, networks: readonly CaipNetwork[] = [solana, solanaDevnet]) {
  const events: AdapterEvent[] = [];
  const teardown = adapter.setup?.({ networks, emit: (event) => events.push(event) });
  const lists: (readonly Connector[])[] = [];
  const unwatch = adapter.watchConnectors((connectors) => lists.push(connectors));
  return {
    lists,
    events,
    latest: () => lists.at(-1) ?? [],
    ids: () => (lists.at(-1) ?? []).map((c) => c.id),
    stop() {
      unwatch();
      teardown?.();
    },
  };
}

describe('watchConnectors: Wallet Standard wallets', () => {
  it('lists a usable wallet as an ANNOUNCED solana connector with id ws:<name> and the wallet as provider', () => {
    const wallet = standardWallet('Phantom');
    registrations.register(wallet);
    const { latest, stop } = watch(createSolanaAdapter());
    expect(latest()).toEqual([
      { id: 'ws:Phantom', name: 'Phantom', type: 'ANNOUNCED', chain: 'solana', icon: SVG_ICON, installed: true, provider: wallet },
    ]);
    stop();
  });

  it('drops wallets without the required features, on unconfigured chains, or malformed, and keeps the rest', () => {
    const hostile = Object.defineProperty(standardWallet('Hostile'), 'name', {
      get() {
        throw new Error('boom');
      },
    });
    registrations.register(
      standardWallet('Solflare'),
      standardWallet('No Connect', { without: ['standard:connect'] }),
      standardWallet('No Events', { without: ['standard:events'] }),
      standardWallet('Sign Nothing', { without: ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage'] }),
      standardWallet('Testnet Only', { chains: ['solana:testnet'] }),
      standardWallet('Bitcoin Only', { chains: ['bip122:000000000019d6689c085ae165831e93'] }),
      standardWallet('Remote Icon', { icon: 'https://tracker.example/icon.png' }),
      standardWallet('Bad Features', { features: 'all of them' }),
      standardWallet('', {}),
      hostile,
      standardWallet('Phantom'),
    );
    const { ids, stop } = watch(createSolanaAdapter());
    expect(ids()).toEqual(['ws:Phantom', 'ws:Solflare']);
    stop();
  });

  it('lists a wallet whose only chain is a cluster alias of a configured network', () => {
    registrations.register(standardWallet('Alias', { chains: ['solana:devnet'] }));
    const devnetOnly = watch(createSolanaAdapter(), [solanaDevnet]);
    expect(devnetOnly.ids()).toEqual(['ws:Alias']);
    devnetOnly.stop();
    const mainnetOnly = watch(createSolanaAdapter(), [solana]);
    expect(mainnetOnly.ids()).toEqual([]);
    mainnetOnly.stop();
  });

  it('picks up a wallet that registers after watching started, and removes it when it unregisters', () => {
    const { lists, ids, stop } = watch(createSolanaAdapter());
    expect(lists).toEqual([[]]);
    const unregister = registrations.register(standardWallet('Backpack', { chains: [DEVNET] }));
    expect(ids()).toEqual(['ws:Backpack']);
    registrations.register(standardWallet('Alpha'));
    expect(ids()).toEqual(['ws:Alpha', 'ws:Backpack']);
    unregister();
    expect(ids()).toEqual(['ws:Alpha']);
    stop();
  });

  it('keeps connector objects stable and does not report an unusable registration as a change', () => {
    registrations.register(standardWallet('Phantom'));
    const { lists, stop } = watch(createSolanaAdapter());
    const first = lists[0]?.[0];
    registrations.register(standardWallet('Broken', { without: ['standard:connect'] }));
    registrations.register(standardWallet('Zeta'));
    expect(lists).toHaveLength(2);
    expect(lists[1]?.[0]).toBe(first);
    stop();
  });

  it('touches nothing when created or set up; reads the registry only when watched; stops on unwatch', () => {
    const getRegistry = vi.fn(getWallets);
    const adapter = createSolanaAdapter({ getWallets: getRegistry });
    adapter.setup?.({ networks: [solana], emit: () => {} });
    expect(getRegistry).not.toHaveBeenCalled();
    const lists: (readonly Connector[])[] = [];
    const unwatch = adapter.watchConnectors((list) => lists.push(list));
    expect(getRegistry).toHaveBeenCalled();
    unwatch();
    registrations.register(standardWallet('Phantom'));
    expect(lists).toEqual([[]]);
  });

  it('uses the injected registry instead of the global one', () => {
    const wallet = standardWallet('Injected');
    const registry = { get: () => [wallet], on: () => () => {}, register: () => () => {} };
    registrations.register(standardWallet('Global'));
    const { ids, stop } = watch(createSolanaAdapter({ getWallets: () => registry }));
    expect(ids()).toEqual(['ws:Injected']);
    stop();
  });
});
