import { atom as jotaiAtom } from 'jotai/vanilla';
import { describe, expect, it, vi } from 'vitest';
import { createModal } from '../createModal.js';
import { atom, createStore, getInternals, modalAtom } from '../internal.js';
import { createFakeAdapter, createTestStorage, mainnet } from '@latch/testkit/kernel';

describe("each instance's store is jotai's", () => {
  const modal = () =>
    createModal({ networks: [mainnet], adapters: [createFakeAdapter({ namespace: 'eip155' }).adapter], storage: createTestStorage() });

  it('runs jotai atoms with a write function and an onMount, next to the kernel atoms', () => {
    const first = modal();
    const second = modal();
    const store = getInternals(first).store;
    const count = jotaiAtom(1);
    const mounted = vi.fn();
    count.onMount = () => {
      mounted();
    };
    // jotai's writable derived atom: what the kernel's previous store could not run.
    const doubled = jotaiAtom(
      (get) => get(count) * 2,
      (_get, set, next: number) => set(count, next / 2),
    );
    const seen: number[] = [];
    const off = store.sub(doubled, () => seen.push(store.get(doubled)));
    expect(mounted).toHaveBeenCalledTimes(1);
    store.set(doubled, 10);
    expect(store.get(count)).toBe(5);
    expect(seen).toEqual([10]);
    expect(getInternals(second).store.get(count)).toBe(1);
    expect(store.get(modalAtom).open).toBe(false);
    off();
    first.destroy();
    second.destroy();
  });
});

describe('the instance store', () => {
  it('holds primitive values per store, starting at the atom default', () => {
    const count = atom(1);
    const a = createStore();
    const b = createStore();
    a.set(count, 5);
    a.set(count, (n) => n + 1);
    expect(a.get(count)).toBe(6);
    expect(b.get(count)).toBe(1);
  });

  it('recomputes a derived atom only when something it read changed', () => {
    const items = atom<readonly number[]>([1, 2]);
    const unrelated = atom('x');
    let computations = 0;
    const doubled = atom((get) => {
      computations++;
      return get(items).map((n) => n * 2);
    });
    const store = createStore();
    const first = store.get(doubled);
    expect(first).toEqual([2, 4]);
    store.set(unrelated, 'y');
    expect(store.get(doubled)).toBe(first); // same object: fit for useSyncExternalStore
    expect(computations).toBe(1);
    store.set(items, [3]);
    expect(store.get(doubled)).toEqual([6]);
    expect(computations).toBe(2);
  });

  it('notifies subscribers only when the value they watch changes, including through derived atoms', () => {
    const flag = atom(false);
    const other = atom(0);
    const label = atom((get) => (get(flag) ? 'on' : 'off'));
    const store = createStore();
    const onLabel = vi.fn();
    const onFlag = vi.fn();
    const offLabel = store.sub(label, onLabel);
    store.sub(flag, onFlag);
    store.set(other, 1);
    store.set(flag, false); // same value: no change
    expect(onLabel).not.toHaveBeenCalled();
    expect(onFlag).not.toHaveBeenCalled();
    store.set(flag, true);
    expect(onLabel).toHaveBeenCalledTimes(1);
    expect(onFlag).toHaveBeenCalledTimes(1);
    offLabel();
    store.set(flag, false);
    expect(onLabel).toHaveBeenCalledTimes(1);
    expect(onFlag).toHaveBeenCalledTimes(2);
  });

  it('lets a listener write during a notification without double or lost notifications', () => {
    const source = atom(0);
    const mirror = atom(0);
    const store = createStore();
    const seen: number[] = [];
    store.sub(source, () => store.set(mirror, store.get(source) * 10));
    store.sub(mirror, () => seen.push(store.get(mirror)));
    store.set(source, 1);
    store.set(source, 2);
    expect(seen).toEqual([10, 20]);
  });
});
