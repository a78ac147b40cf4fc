/**
 * @latch/adapter-cosmos — the `cosmos` namespace for Latch: Keplr-style wallets, bank balances, ADR-36 message
 * signing and native transfers. CosmJS loads on first use; importing and creating the adapter does nothing.
 */
export { createCosmosAdapter, type CosmosAdapterOptions } from './adapter.js';
export type { CosmosRpcOptions } from './rpc/transport.js';
export { isCosmosAddress } from './address.js';
export { KEPLR_KEYSTORE_EVENT, KEPLR_STYLE_WALLETS, type KeplrStyleWalletDescriptor } from './discovery/walletDescriptors.js';
export type { CosmosWalletWindow } from './discovery/keplrStyleDiscovery.js';
export type { CosmosMessageSignature } from './signing.js';
export type { CosmosChainConfig, CosmosNetwork, KeplrChainInfo } from './networks/cosmosNetwork.js';
