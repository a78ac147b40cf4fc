/**
 * @latch/adapter-polkadot — the polkadot chain adapter for Latch.
 * Importing this module does nothing; the extension protocol loads on connect, @polkadot/api only when a balance,
 * fee or transfer is needed.
 */
export { createPolkadotAdapter, type PolkadotAdapterOptions } from './adapter.js';
export type { PolkadotRpcOptions } from './chain/chainClient.js';
export { decodeAddress, isPolkadotAddress, type DecodedAddress } from './address.js';
export { encodeAddress, sameAccount, toNetworkAddress } from './addressEncoding.js';
export { KNOWN_EXTENSIONS } from './discovery/extensionNames.js';
export { readInjectedExtensions, type InjectedExtension } from './discovery/injectedWeb3.js';
export { isExtensionRefusal } from './walletErrors.js';
export { ss58FormatOf } from './networkInfo.js';
