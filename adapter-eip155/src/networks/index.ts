/** Network definitions, one module each so a host bundles only those it imports. */
export { mainnet } from './mainnet.js';
export { base } from './base.js';
export { optimism } from './optimism.js';
export { arbitrum } from './arbitrum.js';
export { polygon } from './polygon.js';
export { sepolia } from './sepolia.js';
export { devnet, createDevnet, DEVNET_CHAIN_ID, DEVNET_RPC_URL, type DevnetOptions } from './devnet.js';
