import type { CaipNetworkId } from '@latch/kernel';
import { isEvmAddress, toChecksumAddress } from '../address.js';

export interface NftCollectionEntry {
  address: string;
  /** The block the collection was deployed in: where the Transfer-log scan of a non-enumerable collection starts (0 by default). */
  fromBlock?: number | bigint;
}

/** ERC-721 collections whose tokens the NFTs tab lists, per network: addresses or entries. */
export type NftConfig = Readonly<Partial<Record<CaipNetworkId, readonly (string | NftCollectionEntry)[]>>>;

/** What the adapter's `nfts` capability reads, and from where it may load token metadata. */
export interface NftOptions {
  /** ERC-721 collections per network; the `nfts` capability is declared only when this is given. */
  nfts?: NftConfig;
  /**
   * Hosts (`'meta.example.com'` or `'meta.example.com:8443'`) a token's http(s) `tokenURI` may be
   * fetched from. None by default: only metadata stored on chain (`data:` URIs) is read.
   */
  nftMetadataHosts?: readonly string[];
  /** A gateway base URL (`'https://ipfs.example.com/ipfs/'`) that `ipfs://` URIs map to; without it they are not loaded. */
  ipfsGateway?: string;
}

export interface ConfiguredCollection {
  address: `0x${string}`;
  fromBlock: bigint;
}

function blockOf(value: unknown): bigint {
  if (typeof value === 'bigint' && value >= 0n) return value;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value);
  return 0n;
}

/** The valid, checksummed, de-duplicated collections configured for a network, in the configured order. */
export function collectionsFor(config: NftConfig | undefined, caipNetworkId: CaipNetworkId): ConfiguredCollection[] {
  const entries = config?.[caipNetworkId];
  const byAddress = new Map<string, ConfiguredCollection>();
  for (const entry of Array.isArray(entries) ? entries : []) {
    const address: unknown = typeof entry === 'string' ? entry : (entry as NftCollectionEntry | undefined)?.address;
    if (typeof address !== 'string' || !isEvmAddress(address)) continue;
    const checksummed = toChecksumAddress(address);
    const fromBlock = typeof entry === 'string' ? 0n : blockOf(entry.fromBlock);
    if (!byAddress.has(checksummed)) byAddress.set(checksummed, { address: checksummed, fromBlock });
  }
  return [...byAddress.values()];
}
