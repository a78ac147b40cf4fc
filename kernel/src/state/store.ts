/*
 * The instance's state: atoms (descriptions) and a store (values), the shape jotai made familiar,
 * in the few lines the kernel needs: primitive atoms, derived atoms that recompute only when what
 * they read changed, and subscriptions that fire only when a value really changed.
 */

export type Getter = <V>(atom: Atom<V>) => V;
export type SetStateAction<V> = V | ((previous: V) => V);

/** A derived atom: its value is computed from other atoms. */
export interface Atom<V> {
  readonly read: (get: Getter) => V;
}

/** A primitive atom: holds a value of its own, starting at `init`. */
export interface WritableAtom<V> extends Atom<V> {
  readonly init: V;
}

export function atom<V>(read: (get: Getter) => V): Atom<V>;
export function atom<V>(init: V): WritableAtom<V>;
export function atom<V>(initOrRead: V | ((get: Getter) => V)): Atom<V> | WritableAtom<V> {
  if (typeof initOrRead === 'function') return { read: initOrRead as (get: Getter) => V };
  const primitive: WritableAtom<V> = { init: initOrRead, read: (get) => get(primitive) };
  return primitive;
}

export interface Store {
  get<V>(atom: Atom<V>): V;
  set<V>(atom: WritableAtom<V>, action: SetStateAction<V>): void;
  /** Calls `listener` after every change of the atom's value; returns an unsubscribe. */
  sub(atom: Atom<unknown>, listener: () => void): () => void;
}

const isPrimitive = <V>(atom: Atom<V>): atom is WritableAtom<V> => 'init' in atom;

export function createStore(): Store {
  const values = new Map<Atom<unknown>, unknown>();
  const computed = new Map<Atom<unknown>, { value: unknown; reads: Map<Atom<unknown>, unknown> }>();
  const watched = new Map<Atom<unknown>, { last: unknown; listeners: Set<() => void> }>();

  function get<V>(target: Atom<V>): V {
    if (isPrimitive(target)) return (values.has(target) ? values.get(target) : target.init) as V;
    const cached = computed.get(target);
    if (cached && [...cached.reads].every(([dependency, seen]) => Object.is(get(dependency), seen))) return cached.value as V;
    const reads = new Map<Atom<unknown>, unknown>();
    const value = target.read((dependency) => {
      const seen = get(dependency);
      reads.set(dependency as Atom<unknown>, seen);
      return seen;
    });
    computed.set(target, { value, reads });
    return value;
  }

  function set<V>(target: WritableAtom<V>, action: SetStateAction<V>): void {
    const previous = get(target);
    const next = typeof action === 'function' ? (action as (previous: V) => V)(previous) : action;
    if (Object.is(previous, next)) return;
    values.set(target, next);
    for (const [subscribed, entry] of [...watched]) {
      const now = get(subscribed);
      if (Object.is(now, entry.last)) continue;
      entry.last = now;
      for (const listener of [...entry.listeners]) listener();
    }
  }

  function sub(target: Atom<unknown>, listener: () => void): () => void {
    let entry = watched.get(target);
    if (!entry) watched.set(target, (entry = { last: get(target), listeners: new Set() }));
    const listeners = entry.listeners;
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && watched.get(target)?.listeners === listeners) watched.delete(target);
    };
  }

  return { get, set, sub };
}
