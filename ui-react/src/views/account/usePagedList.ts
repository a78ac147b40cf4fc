import type { Page } from '@latch/kernel';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Empty pages read in a row, past the one asked for, before the list stops and offers "Show more". */
export const EMPTY_PAGES_FOLLOWED = 3;

export type PagedStatus = 'loading' | 'ready' | 'error' | 'loading-more';

/**
 * Pages of a list read through a cursor: the first page when `key` changes (an account or network
 * switch), more on request; a request whose key is stale or whose view unmounted is dropped.
 */
export function usePagedList<T>(key: string, read: (cursor: string | undefined, signal: AbortSignal) => Promise<Page<T>>) {
  const [items, setItems] = useState<T[]>([]);
  const [next, setNext] = useState<string>();
  const [status, setStatus] = useState<PagedStatus>('loading');
  const [error, setError] = useState<string>();
  const current = useRef<AbortController | undefined>(undefined);
  const reader = useRef(read);
  reader.current = read;

  const load = useCallback(async (cursor: string | undefined) => {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setStatus(cursor ? 'loading-more' : 'loading');
    try {
      let page = await reader.current(cursor, controller.signal);
      // A provider may answer an empty page that still reaches further back (a window of blocks
      // with nothing of the account's): follow a few before showing "nothing" or "Show more".
      for (let follow = 0; follow < EMPTY_PAGES_FOLLOWED && page.data.length === 0 && page.next; follow++) {
        if (controller.signal.aborted) return;
        page = await reader.current(page.next, controller.signal);
      }
      if (controller.signal.aborted) return;
      setItems((before) => (cursor ? [...before, ...page.data] : page.data));
      setNext(page.next);
      setStatus('ready');
      setError(undefined);
    } catch (err) {
      if (controller.signal.aborted) return;
      if (!cursor) setItems([]);
      setError(err instanceof Error ? err.message : String(err));
      setStatus('error');
    }
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names what the list is of; reading it again is the point.
  useEffect(() => {
    setItems([]);
    setNext(undefined);
    void load(undefined);
    return () => current.current?.abort();
  }, [key, load]);

  return { items, next, status, error, retry: () => void load(undefined), loadMore: () => next && void load(next) };
}
