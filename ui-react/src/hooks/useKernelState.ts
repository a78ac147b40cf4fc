import { type Atom, getInternals } from '@latch/kernel/internal';
import { useAtomValueRawSync } from 'jotai/react';
import { useSyncExternalStore } from 'react';
import { useLatchModal } from '../context.js';

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
