import type { CaipNetwork, CaipNetworkId } from '@latch/kernel';
import { invalidOption } from '@latch/kernel/errors';

export const POLKADOT_NAMESPACE = 'polkadot';

/**
 * A polkadot-namespace network. `ss58Format` is the network's address format (0 Polkadot, 2 Kusama, 42 generic
 * Substrate): the adapter writes every address it reports in it. Kept on the network object so an app can add
 * its own chain with `addNetwork` and the adapter still knows how to write its addresses.
 */
export type PolkadotNetwork = CaipNetwork & { readonly ss58Format: number };

const GENESIS_HASH = /^0x[0-9a-fA-F]{64}$/;

/** CAIP-13 (polkadot namespace): the reference is the first 32 hex characters of the genesis hash. */
export function polkadotCaipNetworkId(genesisHash: string): CaipNetworkId {
  if (typeof genesisHash !== 'string' || !GENESIS_HASH.test(genesisHash)) {
    throw invalidOption(`genesisHash must be 0x and 64 hex characters (got "${String(genesisHash)}")`);
  }
  return `${POLKADOT_NAMESPACE}:${genesisHash.slice(2, 34).toLowerCase()}`;
}
