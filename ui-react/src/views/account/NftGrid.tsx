import { activeAccountAtom, activeNamespaceAtom, activeNetworkAtom, getInternals } from '@latch/kernel/internal';
import { useAtomValueRawSync } from 'jotai/react';
import type { ViewProps } from '../../modal/views.js';
import { isAllowedImage } from '../../parts/allowedImage.js';
import { ACCOUNT_CSS } from '../../theme/accountStyles.js';
import { ViewStyles } from '../../theme/ViewStyles.js';
import { ListState, MoreButton } from './ListState.js';
import { usePagedList } from './usePagedList.js';

/** The NFTs tab: image (only from an allowed host, else a placeholder), name and collection, paged. */
export default function NftGrid({ modal }: ViewProps) {
  const internals = getInternals(modal);
  const account = useAtomValueRawSync(activeAccountAtom, { store: internals.store });
  const namespace = useAtomValueRawSync(activeNamespaceAtom, { store: internals.store });
  const network = useAtomValueRawSync(activeNetworkAtom, { store: internals.store });
  const list = usePagedList(`${namespace}|${network?.caipNetworkId}|${account?.address}`, (cursor, signal) =>
    modal.getNfts({ namespace, signal, ...(cursor ? { cursor } : {}) }),
  );

  const state = ListState({
    list,
    loading: 'Loading NFTs…',
    failed: `NFTs could not be loaded. ${list.error ?? ''}`.trim(),
    none: `No NFTs on ${network?.name ?? 'this network'}.`,
    noneRecent: 'No NFTs found yet in the most recent history.',
  });
  if (state) return state;
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
      <MoreButton list={list} />
    </div>
  );
}
