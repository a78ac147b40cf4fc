import type { Store } from '../context.js';
import { getSnapshot, type ModalSnapshot } from '../snapshot.js';
import { OBSERVED_ATOMS } from '../state/atoms.js';

/**
 * The instance's `getState` and `subscribe`: one snapshot object until an observed atom changes (fit for React's
 * useSyncExternalStore), and every listener told the new one.
 */
export function observeSnapshots(store: Store) {
  let snapshot: ModalSnapshot | undefined;
  const listeners = new Set<(state: ModalSnapshot) => void>();
  const getState = () => (snapshot ??= getSnapshot(store));
  const unsubscribers = OBSERVED_ATOMS.map((a) =>
    store.sub(a, () => {
      snapshot = undefined;
      const next = getState();
      for (const listener of listeners) listener(next);
    }),
  );
  return {
    getState,
    subscribe(listener: (state: ModalSnapshot) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      for (const unsubscribe of unsubscribers) unsubscribe();
      listeners.clear();
    },
  };
}

export type Snapshots = ReturnType<typeof observeSnapshots>;
