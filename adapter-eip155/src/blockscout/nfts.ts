import { LatchError } from '@latch/kernel';
import type { AccountPageRequest, Nft, NftService, Page } from '@latch/kernel';
import { getBlockscoutPage, instanceFor, readInstances, readPageParams, type BlockscoutOptions, type PageParams } from './request.js';
import { addressOf, imageUrlOf, integerOf, read, textOf } from './wire.js';

/** The standards the NFTs tab shows (Blockscout's `type` filter of `/addresses/{hash}/nft`). */
const NFT_STANDARDS = 'ERC-721,ERC-1155';

function decodeCursor(cursor: string | undefined): PageParams | undefined {
  if (cursor === undefined || cursor === '') return undefined;
  let params: PageParams | undefined;
  try {
    params = readPageParams(JSON.parse(cursor));
  } catch {
    params = undefined;
  }
  if (!params) throw new LatchError('Invalid NFT page cursor', { category: 'VALIDATION_ERROR' });
  return params;
}

/** An item of `/addresses/{hash}/nft` (a token instance); undefined when malformed or its token is flagged scam. */
function toNft(item: unknown, chainId: Nft['chainId']): Nft | undefined {
  const token = read(item, 'token');
  const contract = addressOf({ hash: read(token, 'address_hash') });
  const tokenId = integerOf(read(item, 'id'));
  if (!contract || tokenId === undefined || read(token, 'reputation') === 'scam') return undefined;
  const name = textOf(read(item, 'metadata', 'name'));
  const description = textOf(read(item, 'metadata', 'description'));
  // Blockscout's own image_url first (it resolves ipfs:// on its side), then the metadata's.
  const imageUrl = imageUrlOf(read(item, 'image_url')) ?? imageUrlOf(read(item, 'metadata', 'image'));
  const standard = textOf(read(item, 'token_type')) ?? textOf(read(token, 'type'));
  const collectionName = textOf(read(token, 'name'));
  const symbol = textOf(read(token, 'symbol'));
  return {
    contract,
    tokenId: tokenId.toString(),
    chainId,
    ...(name ? { name } : {}),
    ...(description ? { description } : {}),
    ...(collectionName || symbol
      ? { collection: { ...(collectionName ? { name: collectionName } : {}), ...(symbol ? { symbol } : {}) } }
      : {}),
    ...(imageUrl ? { imageUrl } : {}),
    ...(standard ? { standard } : {}),
  };
}

/**
 * NFTs from an integrator's own Blockscout (REST API v2, `/addresses/{hash}/nft`): one Blockscout
 * page per page, the cursor being its serialised `next_page_params`.
 */
export function createBlockscoutNfts(options: BlockscoutOptions): NftService {
  const bases = readInstances(options.instances);
  return {
    async getNfts(request: AccountPageRequest): Promise<Page<Nft>> {
      const base = instanceFor(bases, request.caipNetworkId);
      if (!/^0x[0-9a-fA-F]{40}$/.test(request.address)) {
        throw new LatchError('Invalid account address', { category: 'VALIDATION_ERROR' });
      }
      const params = decodeCursor(request.cursor);
      const path = `/api/v2/addresses/${request.address.toLowerCase()}/nft`;
      const page = await getBlockscoutPage(
        base,
        path,
        { type: NFT_STANDARDS, ...params },
        { fetch: options.fetch, signal: request.signal },
      );
      const data = page.items.map((item) => toNft(item, request.caipNetworkId)).filter((nft): nft is Nft => nft !== undefined);
      return page.next ? { data, next: JSON.stringify(page.next) } : { data };
    },
  };
}
