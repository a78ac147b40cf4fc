import type { CosmosNetwork } from './cosmosNetwork.js';
import { createKeplrChainInfo, defineCosmosNetwork } from './defineCosmosNetwork.js';

export interface CosmosLocalnetOptions {
  /** The node's CometBFT RPC, e.g. the devnet's `startCosmosChain().rpcUrl`. */
  rpcUrl: string;
  /** The node's chain id (CAIP-5 direct form: 1 to 32 of a-z, A-Z, 0-9, '-'). */
  chainId: string;
  /** 'Cosmos Localnet' by default. */
  name?: string;
  /** 'ustake' by default. */
  denom?: string;
  /** 'STAKE' by default. */
  symbol?: string;
  /** 6 by default. */
  decimals?: number;
  /** 'cosmos' by default. */
  bech32Prefix?: string;
  /** The node's REST (LCD) endpoint, given to the wallet; the RPC URL by default. */
  restUrl?: string;
}

export const COSMOS_LOCALNET_NAME = 'Cosmos Localnet';

/**
 * A local Cosmos node (simd, the devnet's stand-in). Not a testnet, so the modal shows its balances (§5). Wallets
 * do not know a local chain: it carries a Keplr `chainInfo`, which the adapter suggests before enabling it.
 */
export function createCosmosLocalnet({
  rpcUrl,
  chainId,
  name = COSMOS_LOCALNET_NAME,
  denom = 'ustake',
  symbol = 'STAKE',
  decimals = 6,
  bech32Prefix = 'cosmos',
  restUrl,
}: CosmosLocalnetOptions): CosmosNetwork {
  const chain = { chainId, name, rpcUrl, denom, symbol, decimals, bech32Prefix };
  // Validated before it becomes chain info: defineCosmosNetwork throws on any bad field.
  const network = defineCosmosNetwork(chain);
  return { ...network, cosmos: { ...network.cosmos, chainInfo: createKeplrChainInfo({ ...chain, ...(restUrl ? { restUrl } : {}) }) } };
}
