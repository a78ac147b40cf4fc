import type { KernelContext } from '../context.js';
import { connectionStatusAtom } from '../state/atoms.js';
import { visitorActions } from './bindActions.js';

/** How long the restore waits for its two frames at most (a page whose frames are throttled gets none). */
const FRAME_WAIT_MS = 100;

type PostTask = (run: () => void, options: { priority: 'background'; signal: AbortSignal }) => Promise<void>;

/**
 * The instance's `reconnect`: restores stored sessions; one restore at a time (§4): a second call while one runs gets
 * the same promise. Restoring loads on use: a first visit never needs it.
 *
 * When the last visit was connected the restore starts on its own once the page has painted, not while it is being
 * built: starting it (the bundler's preload links, then fetching three files) during `createModal` made the page's
 * first render wait, and started just after that render it held back the frame that paints it, with the account shown
 * from storage. So: a background task (`scheduler.postTask`, after the page's pending work, its first render
 * included; else the next task), then two frames (100 ms at most), then a task. Two, because a frame's callbacks run
 * before it is painted and the frame is put on screen after them: started after the first, the restore's work (a
 * task of several ms, three fetches) competed with drawing the frame that shows the account and put it on screen
 * later; by the second frame's callbacks the first has been drawn. A hidden page does not wait for a frame.
 */
export function createReconnect(ctx: KernelContext, teardowns: (() => void)[]): () => Promise<void> {
  let reconnecting: Promise<void> | undefined;
  let started = false;
  const reconnect = () => {
    started = true;
    return (reconnecting ??= visitorActions()
      .then((m) => m.reconnect(ctx))
      .finally(() => {
        reconnecting = undefined;
      }));
  };
  if (ctx.store.get(connectionStatusAtom) === 'connecting') {
    const stop = new AbortController();
    teardowns.push(() => stop.abort());
    const start = () => {
      if (!started && !stop.signal.aborted && ctx.store.get(connectionStatusAtom) === 'connecting') void reconnect();
    };
    const afterPaint = () => {
      // Every browser with `visibilityState` has `requestAnimationFrame`.
      if (globalThis.document?.visibilityState === 'visible') {
        // A visible page may still get no frame (an iframe scrolled out of view): then it starts anyway.
        setTimeout(start, FRAME_WAIT_MS);
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
      } else start();
    };
    const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
    if (scheduler?.postTask) scheduler.postTask(afterPaint, { priority: 'background', signal: stop.signal }).catch(() => undefined);
    else setTimeout(afterPaint);
  }
  return reconnect;
}
