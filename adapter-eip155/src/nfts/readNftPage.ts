import { LatchError, retryableImport, toLatchError } from '@latch/kernel';
import type { AccountPageRequest, CaipNetwork, Nft, Page } from '@latch/kernel';
import { isEvmAddress } from '../address.js';
import type { NetworkClient } from '../rpc/client.js';
import { collectionsFor, type ConfiguredCollection, type NftOptions } from './config.js';
import { decodeNftCursor, encodeNftCursor, type NftCursor } from './nftCursor.js';
import type { Collection, ReadCall } from './ownedTokens.js';
import type { MetadataPolicy, TokenMetadata } from './tokenMetadata.js';

/** The ERC-721 reads: their own chunk, loaded alongside the network client. */
export type Erc721Reads = typeof import('./ownedTokens.js');
// The reads and the metadata reader load on first use; after a failed fetch, the next page fetches them anew (the
// browser keeps a failed module for its URL; the kernel's retryableImport says how).
const ownedTokensCode = retryableImport(() => import('./ownedTokens.js'));
const tokenMetadataCode = retryableImport(() => import('./tokenMetadata.js'));

export const NFT_PAGE_SIZE = 20;
/** On-chain metadata (SVGs drawn in tokenURI) is gas-heavy: a few per eth_call keeps under the node's gas cap. */
const TOKEN_URIS_PER_CALL = 5;

export interface NftSources {
  reads: Erc721Reads;
  client: NetworkClient;
  collections: readonly ConfiguredCollection[];
  policy: MetadataPolicy;
}

interface PickedToken {
  collection: Collection;
  tokenId: bigint;
}

interface Slice {
  ids: bigint[];
  /** True when the collection holds more of the account's tokens after this slice. */
  more: boolean;
}

async function sliceOf(sources: NftSources, owner: `0x${string}`, collection: Collection, offset: number, room: number): Promise<Slice> {
  const { reads, client } = sources;
  if (collection.enumerable) {
    const ids = await reads.readEnumeratedIds(client, owner, collection, offset, room);
    return { ids, more: collection.balance > BigInt(offset + room) };
  }
  // A node that refuses the log scan (range limits) hides that collection, not the whole list.
  const owned = await reads.readLoggedIds(client, owner, collection).catch(() => []);
  return { ids: owned.slice(offset, offset + room), more: owned.length > offset + room };
}

/** Fills a page collection by collection, in the configured order, from where the cursor left off. */
async function pickTokens(sources: NftSources, owner: `0x${string}`, cursor: NftCursor | undefined, signal?: AbortSignal) {
  const start = cursor ? sources.collections.findIndex((c) => c.address.toLowerCase() === cursor.collection.toLowerCase()) : 0;
  if (start < 0) throw new LatchError('Invalid NFT page cursor', { category: 'VALIDATION_ERROR' });
  const holding = (await sources.reads.probeCollections(sources.client, owner, sources.collections.slice(start))).filter(
    (c) => c.balance > 0n,
  );
  const picked: PickedToken[] = [];
  let next: NftCursor | undefined;
  for (const [index, collection] of holding.entries()) {
    signal?.throwIfAborted();
    const offset = cursor?.collection.toLowerCase() === collection.address.toLowerCase() ? cursor.offset : 0;
    const room = NFT_PAGE_SIZE - picked.length;
    const { ids, more } = await sliceOf(sources, owner, collection, offset, room);
    picked.push(...ids.map((tokenId) => ({ collection, tokenId })));
    const following = holding[index + 1];
    if (more) next = { collection: collection.address, offset: offset + room };
    else if (picked.length >= NFT_PAGE_SIZE && following) next = { collection: following.address, offset: 0 };
    if (next) break;
  }
  return { picked, next };
}

function toNft({ collection, tokenId }: PickedToken, caipNetworkId: Nft['chainId']): Nft {
  const names = {
    ...(collection.name ? { name: collection.name } : {}),
    ...(collection.symbol ? { symbol: collection.symbol } : {}),
  };
  return {
    contract: collection.address,
    tokenId: tokenId.toString(),
    chainId: caipNetworkId,
    standard: 'ERC-721',
    ...(names.name || names.symbol ? { collection: names } : {}),
  };
}

/**
 * One page (20) of the account's tokens in the configured ERC-721 collections, read from the node:
 * ownership through ERC721Enumerable or Transfer logs, then `tokenURI` and its metadata.
 */
export async function readNftPage(request: AccountPageRequest, sources: NftSources): Promise<Page<Nft>> {
  const { signal } = request;
  const owner = request.address as `0x${string}`;
  const { picked, next } = await pickTokens(sources, owner, decodeNftCursor(request.cursor), signal);
  signal?.throwIfAborted();
  const uris = await sources.reads.readAll(
    sources.client,
    picked.map(({ collection, tokenId }): ReadCall => ({ address: collection.address, functionName: 'tokenURI', args: [tokenId] })),
    TOKEN_URIS_PER_CALL,
  );
  // The metadata reader is its own chunk: a page of tokens without a tokenURI never loads it.
  const metadata: TokenMetadata[] = uris.some((uri) => typeof uri === 'string' && uri.trim() !== '')
    ? await tokenMetadataCode().then(({ resolveTokenMetadata }) =>
        Promise.all(uris.map((uri) => resolveTokenMetadata(uri, sources.policy, signal))),
      )
    : [];
  signal?.throwIfAborted();
  const data = picked.map((token, index) => ({ ...toNft(token, request.caipNetworkId), ...metadata[index] }));
  return next ? { data, next: encodeNftCursor(next) } : { data };
}

/** The `nfts` capability's page: checks, the configured collections, then the reads; node failures are RPC_ERRORs. */
export async function getNftPage(
  request: AccountPageRequest,
  options: NftOptions,
  clientFor: (network: CaipNetwork) => Promise<NetworkClient>,
): Promise<Page<Nft>> {
  if (!isEvmAddress(request.address)) throw new LatchError('Invalid account address', { category: 'VALIDATION_ERROR' });
  try {
    request.signal?.throwIfAborted();
    const collections = collectionsFor(options.nfts, request.caipNetworkId);
    if (collections.length === 0) return { data: [] };
    const [reads, client] = await Promise.all([ownedTokensCode(), clientFor(request.network)]);
    const policy = { hosts: options.nftMetadataHosts ?? [], ipfsGateway: options.ipfsGateway };
    return await readNftPage(request, { reads, client, collections, policy });
  } catch (err) {
    if (request.signal?.aborted) throw err;
    throw toLatchError(err, 'RPC_ERROR');
  }
}
