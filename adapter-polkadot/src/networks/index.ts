/** Polkadot network definitions, importable one by one: each carries its CAIP-2 id, currency and SS58 address format. */
export { polkadot, kusama, westend, polkadotAssetHub, kusamaAssetHub } from './relayChains.js';
export { createPolkadotLocalnet, type PolkadotLocalnetOptions } from './localnet.js';
export { polkadotCaipNetworkId, POLKADOT_NAMESPACE, type PolkadotNetwork } from './polkadotNetwork.js';
