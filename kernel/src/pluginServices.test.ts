import { describe, expect, it, vi } from 'vitest';
import { createModal } from './createModal.js';
import { getInternals } from './internals.js';
import type { FeatureFlag } from './options.js';
import type { ChainAdapter } from './plugins/ChainAdapter.js';
import type { NameService } from './plugins/dataServices.js';
import type { FeaturePlugin } from './plugins/FeaturePlugin.js';
import { connector, createFakeAdapter, mainnet } from '@latch/testkit/kernel';

const settle = () => new Promise((r) => setTimeout(r, 0));

function nameService(overrides: Partial<NameService> = {}): NameService {
  return {
    resolveName: vi.fn(async () => ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8']),
    lookupAddress: vi.fn(async () => ['alice.latch.id']),
    getSuggestions: vi.fn(async () => []),
    ...overrides,
  };
}

/** A plugin with its own flag ('names' is no §6 flag), giving the modal a name service. */
const namesPlugin = (names: NameService): FeaturePlugin => ({ id: 'names', feature: 'names' as FeatureFlag, dataServices: { names } });

function eip155Adapter(capabilities: Partial<NonNullable<ChainAdapter['capabilities']>> = {}) {
  const fake = createFakeAdapter({ namespace: 'eip155', connectors: [connector('w', 'eip155')] });
  const adapter: ChainAdapter = { ...fake.adapter, capabilities: { ...fake.adapter.capabilities, ...capabilities } };
  return { fake, adapter };
}

describe("a plugin's own feature flag", () => {
  it('is on by default, can be switched off, and an undeclared flag is still refused', () => {
    const names = nameService();
    const on = createModal({ networks: [mainnet], plugins: [namesPlugin(names)], storage: null });
    expect(getInternals(on).getPlugin('names')).toBeDefined();
    expect(on.options.dataServices?.names).toBe(names);
    const off = createModal({ networks: [mainnet], plugins: [namesPlugin(names)], features: { names: false } as never, storage: null });
    expect(getInternals(off).getPlugin('names')).toBeUndefined();
    expect(off.options.dataServices?.names).toBeUndefined();
    expect(() => createModal({ networks: [mainnet], features: { names: false } as never, storage: null })).toThrow(
      "Unknown feature 'names'. Known features: swaps,",
    );
  });

  it("leaves the host's own data services in front of a plugin's", () => {
    const own = nameService();
    const modal = createModal({ networks: [mainnet], plugins: [namesPlugin(nameService())], dataServices: { names: own }, storage: null });
    expect(modal.options.dataServices?.names).toBe(own);
  });
});

describe('names from a plugin in Send and the Account view', () => {
  it('resolves on chain first (ENS) and asks the name service for names the chain does not know', async () => {
    const names = nameService();
    const onChain = vi.fn(async (name: string) => (name === 'bob.test' ? '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC' : undefined));
    const { adapter } = eip155Adapter({ names: { resolveName: onChain } });
    const modal = createModal({ networks: [mainnet], adapters: [adapter], plugins: [namesPlugin(names)], storage: null });
    expect(await modal.resolveName('bob.test')).toBe('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC');
    expect(names.resolveName).not.toHaveBeenCalled();
    expect(await modal.resolveName('alice.latch.id')).toBe('0x70997970C51812dc3A010C7d01b50e0d17dc79C8');
    expect(names.resolveName).toHaveBeenCalledWith('alice.latch.id', mainnet);
  });

  it("shows the name service's name when the identity lookup finds none or fails (§7 fallback)", async () => {
    const names = nameService();
    const { adapter, fake } = eip155Adapter({ identity: { getIdentity: async () => ({}) } });
    const modal = createModal({ networks: [mainnet], adapters: [adapter], plugins: [namesPlugin(names)], storage: null });
    await modal.connect('w');
    await settle();
    expect(modal.getState().account?.profileName).toBe('alice.latch.id');
    expect(names.lookupAddress).toHaveBeenCalledWith(fake.address);

    const failing = eip155Adapter({ identity: { getIdentity: async () => Promise.reject(new Error('rpc down')) } });
    const second = createModal({ networks: [mainnet], adapters: [failing.adapter], plugins: [namesPlugin(nameService())], storage: null });
    await second.connect('w');
    await settle();
    expect(second.getState().account?.profileName).toBe('alice.latch.id');
  });

  it("reports 'Error fetching names for address' when the name service fails", async () => {
    const names = nameService({ lookupAddress: async () => Promise.reject(new Error('HTTP status code: 500')) });
    const { adapter } = eip155Adapter({ identity: { getIdentity: async () => ({}) } });
    const modal = createModal({ networks: [mainnet], adapters: [adapter], plugins: [namesPlugin(names)], storage: null });
    const errors: string[] = [];
    modal.on('ERROR', ({ error }) => errors.push(error.message));
    await modal.connect('w');
    await settle();
    expect(errors).toContain('Error fetching names for address');
    expect(modal.getState().account?.profileName).toBeUndefined();
  });

  it('stores a registered name as the profile name, cached for the next identity refresh (§4, §9)', async () => {
    const names = nameService({ lookupAddress: vi.fn(async () => []) });
    const { adapter } = eip155Adapter({ identity: { getIdentity: async () => ({}) } });
    const modal = createModal({ networks: [mainnet], adapters: [adapter], plugins: [namesPlugin(names)], storage: null });
    await modal.connect('w');
    await settle();
    expect(modal.getState().account?.profileName).toBeUndefined();
    await getInternals(modal).storeProfileName('eip155', 'carol.latch.id');
    expect(modal.getState().account?.profileName).toBe('carol.latch.id');
    await modal.disconnect();
    await modal.connect('w');
    await settle();
    // The cache answers within 5 minutes: the service is not asked again.
    expect(modal.getState().account?.profileName).toBe('carol.latch.id');
    expect(names.lookupAddress).toHaveBeenCalledTimes(1);
  });
});
