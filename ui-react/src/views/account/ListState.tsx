import type { ReactNode } from 'react';
import type { usePagedList } from './usePagedList.js';

type PagedList = Pick<ReturnType<typeof usePagedList<unknown>>, 'status' | 'items' | 'next' | 'retry' | 'loadMore'>;

/** "Show more" under a paged list while its cursor reaches further. */
export function MoreButton({ list, label = 'Show more' }: { list: PagedList; label?: string }) {
  if (!list.next) return null;
  return (
    <button type="button" className="button block more" onClick={list.loadMore} disabled={list.status === 'loading-more'}>
      {list.status === 'loading-more' ? 'Loading…' : label}
    </button>
  );
}

/**
 * What a paged tab shows instead of its items: loading, the failure with a retry, nothing at all, or
 * nothing in the most recent pages with a way to look further back. Null once there are items.
 */
export function ListState({
  list,
  loading,
  failed,
  none,
  noneRecent,
}: {
  list: PagedList;
  loading: string;
  failed: ReactNode;
  none: string;
  noneRecent: string;
}) {
  if (list.status === 'loading') {
    return (
      <p className="empty" role="status">
        {loading}
      </p>
    );
  }
  if (list.status === 'error') {
    return (
      <div className="center">
        <p>{failed}</p>
        <button type="button" className="button" onClick={list.retry}>
          Try again
        </button>
      </div>
    );
  }
  if (list.items.length > 0) return null;
  if (!list.next) return <p className="empty">{none}</p>;
  return (
    <div className="center">
      <p className="empty">{noneRecent}</p>
      <MoreButton list={list} label="Look further back" />
    </div>
  );
}
