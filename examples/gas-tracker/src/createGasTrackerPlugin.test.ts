import { devnet as evm } from '@latch/adapter-eip155/networks';
import { solana } from '@latch/adapter-solana/networks';
import { createModal, type FeaturePlugin } from '@latch/kernel';
import { describe, expect, expectTypeOf, it, vi } from 'vitest';
import { createGasTrackerPlugin, GAS_TRACKER_VIEW, type GasTrackerPlugin } from './index.js';

describe('createGasTrackerPlugin', () => {
  it('is a FeaturePlugin with its own flag, one lazy view and an Account row on eip155, and asks nothing when created', () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const plugin = createGasTrackerPlugin();
    expectTypeOf(plugin).toMatchTypeOf<FeaturePlugin>();
    expectTypeOf(plugin.gasTracker.pollingInterval).toEqualTypeOf<number>();
    expect(plugin).toMatchObject({ id: 'gasTracker', feature: 'gasTracker', gasTracker: { pollingInterval: 4_000 } });
    expect(Object.keys(plugin.views ?? {})).toEqual([GAS_TRACKER_VIEW]);
    expect(plugin.accountEntry).toEqual({ label: 'Gas tracker', view: GAS_TRACKER_VIEW, namespaces: ['eip155'] });
    expect(plugin.supports?.(evm)).toBe(true);
    expect(plugin.supports?.(solana)).toBe(false);
    // The kernel accepts it and its flag; `features: { gasTracker: false }` is known and leaves it out.
    expect(() => createModal({ networks: [evm], plugins: [plugin], storage: null })).not.toThrow();
    expect(() => createModal({ networks: [evm], plugins: [plugin], features: { gasTracker: false }, storage: null })).not.toThrow();
    expect(fetchSpy).not.toHaveBeenCalled();
    fetchSpy.mockRestore();
  });

  it('takes its polling interval and label, and refuses bad ones with a clear error', () => {
    const plugin: GasTrackerPlugin = createGasTrackerPlugin({ pollingInterval: 1_000, label: 'Fees' });
    expect(plugin.gasTracker.pollingInterval).toBe(1_000);
    expect(plugin.accountEntry?.label).toBe('Fees');
    for (const pollingInterval of [0, 99, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => createGasTrackerPlugin({ pollingInterval })).toThrow(
        'createGasTrackerPlugin: pollingInterval must be a number of milliseconds, at least 100',
      );
    }
    expect(() => createGasTrackerPlugin({ label: ' ' })).toThrow('createGasTrackerPlugin: label must be a non-empty string');
  });

  it('its view module loads with import() and default-exports a component', async () => {
    const loaded = await createGasTrackerPlugin().views?.[GAS_TRACKER_VIEW]?.();
    expect(typeof loaded?.default).toBe('function');
  });
});
