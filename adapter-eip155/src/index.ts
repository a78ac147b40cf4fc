/**
 * @latch/adapter-eip155 — the Ethereum (eip155) chain adapter for Latch.
 * Importing this module does nothing; viem loads only when a balance, name, fee or transfer is needed.
 */
export { createEip155Adapter, type Eip155AdapterOptions } from './adapter.js';
export type { TokenConfig, TokenConfigEntry } from './tokens.js';
export type { NftCollectionEntry, NftConfig, NftOptions } from './nfts/config.js';
export type { Eip1193Provider } from './provider.js';
export type { ActivityOptions } from './activity/options.js';
export type { WaitForTransferOptions } from './waitForTransfer.js';
export type { RpcTransportOptions } from './rpc/client.js';
export {
  ANNOUNCE_PROVIDER_EVENT,
  REQUEST_PROVIDER_EVENT,
  parseAnnouncement,
  type AnnouncedWallet,
  type Eip6963ProviderInfo,
} from './discovery/eip6963.js';
export { BROWSER_WALLET_NAME } from './discovery/injected.js';
export { isUnrecognisedChainError } from './switchNetwork.js';
export { MULTICALL3_ADDRESS } from './constants.js';
