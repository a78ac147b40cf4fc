/** Cosmos network definitions: Cosmos Hub, Osmosis, a local node, and the means to define any other Cosmos chain. */
export { cosmosHub, osmosis } from './mainnets.js';
export { createCosmosLocalnet, COSMOS_LOCALNET_NAME, type CosmosLocalnetOptions } from './localnet.js';
export {
  createKeplrChainInfo,
  defineCosmosNetwork,
  type CosmosNetworkDefinition,
  type KeplrChainInfoOptions,
} from './defineCosmosNetwork.js';
export type { CosmosChainConfig, CosmosNetwork, KeplrChainInfo, KeplrCurrency } from './cosmosNetwork.js';
