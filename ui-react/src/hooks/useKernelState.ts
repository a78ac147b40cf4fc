import type { ConnectionStatus, LatchInitialState } from '@latch/kernel';
import { type Atom, getInternals } from '@latch/kernel/internal';
import { useAtomValueRawSync } from 'jotai/react';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useLatchInitialState, useLatchModal } from '../context.js';

/**
 * Reads one kernel atom from the instance's own jotai store with jotai's `useAtomValueRawSync`; re-renders
 * only when its value changes. Two modals on one page each read their own store.
 */
export function useKernelAtom<T>(atom: Atom<T>): T {
  return useAtomValueRawSync(atom, { store: getInternals(useLatchModal()).store });
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
 * The connection the server rendered from the cookies (the provider's `initialState`), while the wallet has not yet
 * confirmed or refused it: through server rendering and hydration, then while the stored session is restored. Once
 * the kernel settles (connected or not) it is never used again: the wallet decides.
 */
export function usePendingInitialState(hydrated: boolean, status: ConnectionStatus): LatchInitialState | undefined {
  const initial = useLatchInitialState();
  const [settled, setSettled] = useState(false);
  const pending = initial !== undefined && !settled && (!hydrated || status === 'connecting' || status === 'reconnecting');
  useEffect(() => {
    if (initial && hydrated && !pending) setSettled(true);
  }, [initial, hydrated, pending]);
  return pending ? initial : undefined;
}

/** The address the server rendered from the cookies, while it is pending (see `usePendingInitialState`). */
export function useInitialAddress(hydrated: boolean, status: ConnectionStatus): string | undefined {
  return usePendingInitialState(hydrated, status)?.address;
}
