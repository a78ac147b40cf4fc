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
 * A value the page shows for the stored connection while the wallet has not yet confirmed or refused it: through server
 * rendering and hydration, then while the stored session is restored. Once the kernel settles (connected or not) after
 * a server-rendered value (`fromServer`), it is never shown again: the wallet decides.
 */
function usePendingValue<T>(value: T | undefined, fromServer: boolean, hydrated: boolean, status: ConnectionStatus): T | undefined {
  const [settled, setSettled] = useState(false);
  const pending = value !== undefined && !settled && (!hydrated || status === 'connecting' || status === 'reconnecting');
  useEffect(() => {
    if (fromServer && hydrated && !pending) setSettled(true);
  }, [fromServer, hydrated, pending]);
  return pending ? value : undefined;
}

/** The connection the server rendered from the cookies (the provider's `initialState`), while it is pending. */
export function usePendingInitialState(hydrated: boolean, status: ConnectionStatus): LatchInitialState | undefined {
  const initial = useLatchInitialState();
  return usePendingValue(initial, initial !== undefined, hydrated, status);
}

/**
 * The address shown while the stored connection is pending: the one the server rendered from the cookies; without
 * server state, after hydration, the address kept with the stored session (as wagmi shows its stored account while it
 * reconnects), so a reload shows the account before the restore's code and the wallet's answer arrive.
 */
export function useInitialAddress(hydrated: boolean, status: ConnectionStatus): string | undefined {
  const initial = useLatchInitialState()?.address;
  const internals = getInternals(useLatchModal());
  const address = initial ?? (hydrated ? internals.restoringAddress() : undefined);
  return usePendingValue(address, initial !== undefined, hydrated, status);
}
