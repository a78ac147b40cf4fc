import type { KernelContext } from '../context.js';
import { connectionStatusAtom } from '../state/atoms.js';
import { visitorActions } from './bindActions.js';

/**
 * The instance's `reconnect`: restores stored sessions, and starts by itself when the last visit was connected.
 * Restoring loads on use: a first visit never needs it. One restore at a time (§4): a second call while one runs
 * gets the same promise.
 *
 * The automatic start waits for the page's next frame to be painted. The page shows the kept account from its first
 * render (the status is "connecting" with the stored address), so nothing the visitor sees waits for the restore; but
 * loading and running the restore's code while the entry still renders would delay that first frame (a reload with
 * an authorised wallet is the case this protects; wagmi starts its reconnect after mounting for the same reason).
 * Where no frame will come (a server, a worker, a tab in the background, a DOM without frames), it starts at once.
 */
export function createReconnect(ctx: KernelContext): () => Promise<void> {
  let reconnecting: Promise<void> | undefined;
  const reconnect = () =>
    (reconnecting ??= visitorActions()
      .then((m) => m.reconnect(ctx))
      .finally(() => {
        reconnecting = undefined;
      }));
  if (ctx.store.get(connectionStatusAtom) === 'connecting') afterNextPaint(() => void reconnect());
  return reconnect;
}

/** Runs `start` in the task after the next painted frame, or at once where the document paints no frame. */
function afterNextPaint(start: () => void): void {
  const painting = typeof document !== 'undefined' && document.visibilityState === 'visible' && typeof requestAnimationFrame === 'function';
  // A frame's animation callbacks run just before it is painted; a task queued from one runs after the paint.
  if (painting) requestAnimationFrame(() => setTimeout(start, 0));
  else start();
}
