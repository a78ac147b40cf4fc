import { connectorError, readUntrustedProperty } from '@latch/kernel';
import type { CaipNetwork } from '@latch/kernel';
import { COSMOS_NAMESPACE, type CosmosChainConfig, cosmosChainConfigProblem } from './networks/cosmosNetwork.js';

/**
 * The Cosmos chain data a network carries (see `defineCosmosNetwork`): the one lookup of chain id, denom, prefix and
 * gas price. A network without it is not usable here.
 */
export function cosmosChainOf(network: CaipNetwork): CosmosChainConfig {
  const config = readUntrustedProperty(network, 'cosmos') as CosmosChainConfig | undefined;
  if (network?.chainNamespace !== COSMOS_NAMESPACE || !config || cosmosChainConfigProblem(config) !== undefined) {
    throw connectorError(
      'CHAIN_NOT_CONFIGURED',
      `${String(network?.caipNetworkId)} has no valid Cosmos chain data; define it with defineCosmosNetwork()`,
    );
  }
  return config;
}

/** The bech32 prefixes of the configured networks that carry valid chain data. */
export function configuredPrefixes(networks: readonly CaipNetwork[]): Set<string> {
  const prefixes = new Set<string>();
  for (const network of networks) {
    try {
      prefixes.add(cosmosChainOf(network).bech32Prefix);
    } catch {
      // a network without chain data has no prefix to offer
    }
  }
  return prefixes;
}
