import type { KernelContext } from '../context.js';
import { connectionStatusAtom } from '../state/atoms.js';
import { visitorActions } from './bindActions.js';

type PostTask = (run: () => void, options: { priority: 'background'; signal: AbortSignal }) => Promise<void>;

/**
 * The instance's `reconnect` (restores stored sessions; one restore at a time, §4: a second call while one runs gets
 * the same promise) and `startRestore`, which starts the restore once when the last visit was connected.
 *
 * The restore does not start while the page is being built: loading its code then (the bundler adds preload links,
 * the browser fetches three files) made the page's own first render wait, and the account it shows from storage with
 * it. A UI binding calls `startRestore` once its first render is committed (React: the provider's mount effect); on
 * its own the instance starts it in a background task (`scheduler.postTask`, which runs after the page's pending
 * work), or in the next task where the browser has no `postTask`. Restoring loads on use: a first visit never needs it.
 */
export function createReconnect(
  ctx: KernelContext,
  teardowns: (() => void)[],
): { reconnect: () => Promise<void>; startRestore: () => void } {
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
  const startRestore = () => {
    if (!started && ctx.store.get(connectionStatusAtom) === 'connecting') void reconnect();
  };
  if (ctx.store.get(connectionStatusAtom) === 'connecting') {
    const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
    if (scheduler?.postTask) {
      const stop = new AbortController();
      teardowns.push(() => stop.abort());
      scheduler.postTask(startRestore, { priority: 'background', signal: stop.signal }).catch(() => undefined);
    } else ctx.later(0, startRestore);
  }
  return { reconnect, startRestore };
}
