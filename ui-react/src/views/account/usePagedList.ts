import type { Page } from '@latch/kernel';
import { useCallback, useEffect, useRef, useState } from 'react';

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
      const page = await reader.current(cursor, controller.signal);
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
