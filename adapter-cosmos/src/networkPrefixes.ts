import { readUntrustedProperty } from '@latch/kernel';
import type { CaipNetwork } from '@latch/kernel';
import { COSMOS_NAMESPACE, type CosmosChainConfig, cosmosChainConfigProblem } from './networks/cosmosNetwork.js';

/** The Cosmos chain data a network carries (see `defineCosmosNetwork`), or undefined when it has none that is valid. */
export function readCosmosChain(network: CaipNetwork): CosmosChainConfig | undefined {
  const config = readUntrustedProperty(network, 'cosmos') as CosmosChainConfig | undefined;
  return network?.chainNamespace === COSMOS_NAMESPACE && config && cosmosChainConfigProblem(config) === undefined ? config : undefined;
}

/** The bech32 prefixes of the configured networks that carry valid chain data (what the sync `isAddress` accepts). */
export function configuredPrefixes(networks: readonly CaipNetwork[]): Set<string> {
  const prefixes = new Set<string>();
  for (const network of networks) {
    const chain = readCosmosChain(network);
    if (chain) prefixes.add(chain.bech32Prefix);
  }
  return prefixes;
}
