import type { Connector } from '@latch/kernel';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPolkadotAdapter } from './adapter.js';
import { DISCOVERY_POLL_FOR_MS, DISCOVERY_POLL_INTERVAL_MS } from './constants.js';
import { polkadot } from './networks/relayChains.js';

// watchConnectors over a page-like target: late injection, stable objects, and no timer left behind.
afterEach(() => {
  vi.useRealTimers();
});

const entry = () => ({ version: '1', enable: async () => ({}) });

/** A window stand-in: `injectedWeb3`, and the load / focus / visibilitychange events discovery listens to. */
function page() {
  const document = new EventTarget();
  return Object.assign(new EventTarget(), { injectedWeb3: {} as Record<string, unknown>, document });
}

function watch(target: object) {
  const adapter = createPolkadotAdapter({ target });
  adapter.setup?.({ networks: [polkadot], emit: () => undefined });
  const calls: (readonly Connector[])[] = [];
  const unwatch = adapter.watchConnectors((list) => calls.push(list));
  return { adapter, calls, unwatch, latest: () => calls.at(-1) ?? [] };
}

describe('watchConnectors', () => {
  it('reports the extensions present at once, as INJECTED polkadot connectors whose provider is the injected entry', () => {
    const target = page();
    const talisman = entry();
    target.injectedWeb3 = { talisman, 'polkadot-js': entry() };
    const { calls, unwatch } = watch(target);
    expect(calls).toHaveLength(1);
    expect(calls[0]![0]).toEqual({
      id: 'talisman',
      name: 'Talisman',
      type: 'INJECTED',
      chain: 'polkadot',
      installed: true,
      provider: talisman,
      rdns: 'xyz.talisman',
    });
    expect(calls[0]![1]).toMatchObject({ id: 'polkadot-js', name: 'polkadot{.js}' });
    expect(calls[0]![1]).not.toHaveProperty('icon');
    unwatch();
  });

  it('finds an extension that injects late by polling while watched, keeps the same objects, and skips no-op updates', () => {
    vi.useFakeTimers();
    const target = page();
    target.injectedWeb3 = { 'polkadot-js': entry() };
    const { calls, unwatch } = watch(target);
    const first = calls[0]![0];
    vi.advanceTimersByTime(DISCOVERY_POLL_INTERVAL_MS * 3);
    expect(calls).toHaveLength(1); // nothing changed: no call
    target.injectedWeb3['subwallet-js'] = entry();
    vi.advanceTimersByTime(DISCOVERY_POLL_INTERVAL_MS);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.map((c) => c.id)).toEqual(['polkadot-js', 'subwallet-js']);
    expect(calls[1]![0]).toBe(first);
    unwatch();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops polling after the first seconds, then re-reads on load, focus and visibilitychange until unwatched', () => {
    vi.useFakeTimers();
    const target = page();
    const { calls, unwatch } = watch(target);
    vi.advanceTimersByTime(DISCOVERY_POLL_FOR_MS + DISCOVERY_POLL_INTERVAL_MS);
    expect(vi.getTimerCount()).toBe(0);
    target.injectedWeb3.late = entry();
    vi.advanceTimersByTime(DISCOVERY_POLL_FOR_MS);
    expect(calls).toHaveLength(1);
    target.document.dispatchEvent(new Event('visibilitychange'));
    expect(calls.at(-1)!.map((c) => c.id)).toEqual(['late']);
    target.injectedWeb3.later = entry();
    target.dispatchEvent(new Event('focus'));
    expect(calls.at(-1)!.map((c) => c.id)).toEqual(['late', 'later']);
    unwatch();
    target.injectedWeb3.afterwards = entry();
    target.dispatchEvent(new Event('load'));
    expect(calls.at(-1)!.map((c) => c.id)).toEqual(['late', 'later']);
  });

  it('gives an extension that replaced its entry a new connector, and one that left none', () => {
    vi.useFakeTimers();
    const target = page();
    target.injectedWeb3 = { talisman: entry() };
    const { calls, unwatch } = watch(target);
    target.injectedWeb3.talisman = entry();
    vi.advanceTimersByTime(DISCOVERY_POLL_INTERVAL_MS);
    expect(calls[1]![0]).not.toBe(calls[0]![0]);
    expect(calls[1]![0]!.provider).toBe(target.injectedWeb3.talisman);
    delete target.injectedWeb3.talisman;
    vi.advanceTimersByTime(DISCOVERY_POLL_INTERVAL_MS);
    expect(calls.at(-1)).toEqual([]);
    unwatch();
  });

  it('works without a window (SSR): an empty list, no timer left after unwatch', () => {
    vi.useFakeTimers();
    const adapter = createPolkadotAdapter();
    const calls: (readonly Connector[])[] = [];
    const unwatch = adapter.watchConnectors((list) => calls.push(list));
    expect(calls).toEqual([[]]);
    unwatch();
    expect(vi.getTimerCount()).toBe(0);
  });
});
