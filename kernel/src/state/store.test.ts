import { describe, expect, it, vi } from 'vitest';
import { atom, createStore } from './store.js';

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
