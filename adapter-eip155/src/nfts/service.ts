import type { CaipNetwork, NftService } from '@latch/kernel';
import type { NetworkClient } from '../rpc/client.js';
import type { NftOptions } from './config.js';

/** The adapter's `nfts` capability: everything, viem included, loads on the first page asked for. */
export function createNftService(options: NftOptions, clientFor: (network: CaipNetwork) => Promise<NetworkClient>): NftService {
  return { getNfts: async (request) => (await import('./readNftPage.js')).getNftPage(request, options, clientFor) };
}
