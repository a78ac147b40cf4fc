import type { KernelContext } from '../context.js';
import { connectionStatusAtom } from '../state/atoms.js';
import { visitorActions } from './bindActions.js';

/**
 * The instance's `reconnect`: restores stored sessions, and starts at once when the last visit was connected.
 * Restoring loads on use: a first visit never needs it. One restore at a time (§4): a second call while one runs
 * gets the same promise.
 */
export function createReconnect(ctx: KernelContext): () => Promise<void> {
  let reconnecting: Promise<void> | undefined;
  const reconnect = () =>
    (reconnecting ??= visitorActions()
      .then((m) => m.reconnect(ctx))
      .finally(() => {
        reconnecting = undefined;
      }));
  if (ctx.store.get(connectionStatusAtom) === 'connecting') void reconnect();
  return reconnect;
}
