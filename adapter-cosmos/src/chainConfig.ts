import { connectorError } from '@latch/kernel';
import type { CaipNetwork } from '@latch/kernel';
import { readCosmosChain } from './networkPrefixes.js';
import type { CosmosChainConfig } from './networks/cosmosNetwork.js';

/**
 * The Cosmos chain data a network carries (see `defineCosmosNetwork`): the one lookup of chain id, denom, prefix and
 * gas price. A network without it is not usable here.
 */
export function cosmosChainOf(network: CaipNetwork): CosmosChainConfig {
  const config = readCosmosChain(network);
  if (!config) {
    throw connectorError(
      'CHAIN_NOT_CONFIGURED',
      `${String(network?.caipNetworkId)} has no valid Cosmos chain data; define it with defineCosmosNetwork()`,
    );
  }
  return config;
}
