import { useAtomValue } from 'jotai/react';
import type { Atom } from 'jotai/vanilla';
import { useSyncExternalStore } from 'react';
import { useLatchModal } from '../context.js';

/** Reads one kernel atom from the instance's own store; re-renders only when it changes. */
export function useKernelAtom<T>(atom: Atom<T>): T {
  const modal = useLatchModal();
  return useAtomValue(atom, { store: modal.store });
}

const subscribeNothing = () => () => undefined;

/**
 * False during server rendering and hydration, true after: components render their disconnected
 * look first, so the server's HTML and the first client render always match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(subscribeNothing, () => true, () => false);
}
