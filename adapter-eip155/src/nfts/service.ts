import { type CaipNetwork, type NftService, retryableImport } from '@latch/kernel';
import type { NetworkClient } from '../rpc/client.js';
import type { NftOptions } from './config.js';

// After a failed fetch the next page asked for fetches the code anew (the kernel's retryableImport says why).
const pageCode = /* @__PURE__ */ retryableImport(() => import('./readNftPage.js'));

/** The adapter's `nfts` capability: everything, viem included, loads on the first page asked for. */
export function createNftService(options: NftOptions, clientFor: (network: CaipNetwork) => Promise<NetworkClient>): NftService {
  return { getNfts: async (request) => (await pageCode()).getNftPage(request, options, clientFor) };
}
