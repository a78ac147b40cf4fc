import { activeAccountAtom, activeNamespaceAtom, activeNetworkAtom, getInternals } from '@latch/kernel/internal';
import { useStoreValue } from '../../hooks/useKernelState.js';
import type { ViewProps } from '../../modal/views.js';
import { isAllowedImage } from '../../parts/allowedImage.js';
import { ACCOUNT_CSS } from '../../theme/accountStyles.js';
import { ViewStyles } from '../../theme/ViewStyles.js';
import { usePagedList } from './usePagedList.js';

/** The NFTs tab: image (only from an allowed host, else a placeholder), name and collection, paged. */
export default function NftGrid({ modal }: ViewProps) {
  const internals = getInternals(modal);
  const account = useStoreValue(internals.store, activeAccountAtom);
  const namespace = useStoreValue(internals.store, activeNamespaceAtom);
  const network = useStoreValue(internals.store, activeNetworkAtom);
  const list = usePagedList(`${namespace}|${network?.caipNetworkId}|${account?.address}`, (cursor, signal) =>
    modal.getNfts({ namespace, signal, ...(cursor ? { cursor } : {}) }),
  );

  if (list.status === 'loading') {
    return (
      <p className="empty" role="status">
        Loading NFTs…
      </p>
    );
  }
  if (list.status === 'error') {
    return (
      <div className="center">
        <p>NFTs could not be loaded. {list.error}</p>
        <button type="button" className="button" onClick={list.retry}>
          Try again
        </button>
      </div>
    );
  }
  if (list.items.length === 0 && !list.next) return <p className="empty">No NFTs on {network?.name ?? 'this network'}.</p>;
  if (list.items.length === 0) {
    return (
      <div className="center">
        <p className="empty">No NFTs found yet in the most recent history.</p>
        <button type="button" className="button" onClick={list.loadMore} disabled={list.status === 'loading-more'}>
          {list.status === 'loading-more' ? 'Loading…' : 'Look further back'}
        </button>
      </div>
    );
  }
  return (
    <div>
      <ViewStyles css={ACCOUNT_CSS} />
      <ul className="nft-grid" data-testid="latch-nfts">
        {list.items.map((nft) => {
          const name = nft.name ?? `#${nft.tokenId}`;
          const collection = nft.collection?.name ?? nft.collection?.symbol ?? 'Unknown collection';
          return (
            <li key={`${nft.contract}-${nft.tokenId}`} className="nft" data-testid="latch-nft">
              {isAllowedImage(nft.imageUrl, modal.options.imageHosts) ? (
                <img className="art" src={nft.imageUrl} alt={name} />
              ) : (
                <span className="art placeholder" role="img" aria-label={`${name}: image not shown`}>
                  {nft.imageUrl ? 'Image hidden' : 'No image'}
                </span>
              )}
              <span className="caption">
                <strong>{name}</strong>
                <span>{collection}</span>
              </span>
            </li>
          );
        })}
      </ul>
      {list.next ? (
        <button type="button" className="button block more" onClick={list.loadMore} disabled={list.status === 'loading-more'}>
          {list.status === 'loading-more' ? 'Loading…' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}
