import type { KernelContext } from '../context.js';
import { connectionStatusAtom } from '../state/atoms.js';
import { visitorActions } from './bindActions.js';

type PostTask = (run: () => void, options: { priority: 'background'; signal: AbortSignal }) => Promise<void>;

/**
 * The instance's `reconnect`: restores stored sessions; one restore at a time (§4): a second call while one runs gets
 * the same promise. Restoring loads on use: a first visit never needs it.
 *
 * When the last visit was connected the restore starts on its own, but not while the page is being built: loading its
 * code then (the bundler adds preload links, the browser fetches three files) made the page's own first render wait,
 * and the account it shows from storage with it. A UI binding calls `reconnect` once its first render is committed
 * (React: the provider's mount effect); otherwise it starts in a background task (`scheduler.postTask`, which runs
 * after the page's pending work), or in the next task where the browser has no `postTask`.
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
    const start = () => {
      if (!started && ctx.store.get(connectionStatusAtom) === 'connecting') void reconnect();
    };
    const scheduler = (globalThis as { scheduler?: { postTask?: PostTask } }).scheduler;
    if (scheduler?.postTask) {
      const stop = new AbortController();
      teardowns.push(() => stop.abort());
      scheduler.postTask(start, { priority: 'background', signal: stop.signal }).catch(() => undefined);
    } else ctx.later(0, start);
  }
  return reconnect;
}
