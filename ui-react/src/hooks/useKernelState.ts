import { type Atom, getInternals, type Store } from '@latch/kernel/internal';
import type { ConnectionStatus } from '@latch/kernel';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { useLatchInitialState, useLatchModal } from '../context.js';

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

/**
 * The address the server rendered from the cookies, while the wallet has not yet confirmed or
 * refused it: through server rendering and hydration, then while the stored session is restored.
 * Once the kernel settles (connected or not) it is never shown again: the wallet decides.
 */
export function useInitialAddress(hydrated: boolean, status: ConnectionStatus): string | undefined {
  const initial = useLatchInitialState();
  const [settled, setSettled] = useState(false);
  const pending = initial !== undefined && !settled && (!hydrated || status === 'connecting' || status === 'reconnecting');
  useEffect(() => {
    if (initial && hydrated && !pending) setSettled(true);
  }, [initial, hydrated, pending]);
  return pending ? initial.address : undefined;
}
