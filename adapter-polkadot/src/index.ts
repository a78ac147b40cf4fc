/**
 * @latch/adapter-polkadot — the polkadot chain adapter for Latch.
 * Importing this module does nothing; @polkadot/api loads only when a balance, fee or transfer is needed.
 */
export { createPolkadotAdapter, type PolkadotAdapterOptions } from './adapter.js';
export { decodeAddress, encodeAddress, isPolkadotAddress, sameAccount, toNetworkAddress, type DecodedAddress } from './address.js';
export { KNOWN_EXTENSIONS } from './discovery/extensionNames.js';
export { readInjectedExtensions, type InjectedExtension } from './discovery/injectedWeb3.js';
export { isExtensionRefusal } from './walletErrors.js';
export { ss58FormatOf } from './networkInfo.js';
