import { type Atom, getInternals, type Store } from '@latch/kernel/internal';
import { useCallback, useSyncExternalStore } from 'react';
import { useLatchModal } from '../context.js';

/** Reads one atom from a store; re-renders only when its value changes. */
export function useStoreValue<T>(store: Store, atom: Atom<T>): T {
  const subscribe = useCallback((onChange: () => void) => store.sub(atom, onChange), [store, atom]);
  const read = () => store.get(atom);
  return useSyncExternalStore(subscribe, read, read);
}

/** Reads one kernel atom from the instance's own store; re-renders only when it changes. */
export function useKernelAtom<T>(atom: Atom<T>): T {
  const modal = useLatchModal();
  return useStoreValue(getInternals(modal).store, atom);
}

const subscribeNothing = () => () => undefined;

/**
 * False during server rendering and hydration, true after: components render their disconnected
 * look first, so the server's HTML and the first client render always match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
