/**
 * @latch/adapter-bip122 — the Bitcoin chain adapter for Latch.
 * Importing this module does nothing; connecting, sessions, wallet drivers, Esplora reads and
 * @scure/btc-signer load when first needed.
 */
export { createBitcoinAdapter, type BitcoinAdapterOptions } from './adapter.js';
export type { EsploraTransportOptions } from './esplora/client.js';
export { isBitcoinAddress, bitcoinAddressType, type AddressFamily, type AddressType } from './address/bitcoinAddress.js';
export { readSatsConnectWallets, type SatsConnectWalletEntry } from './discovery/satsConnectProviders.js';
export { readStandardWallet, type StandardWalletEntry } from './discovery/standardWallets.js';
export { SATS_CONNECT_ID_PREFIX, WALLET_STANDARD_ID_PREFIX } from './constants.js';
export { INSUFFICIENT_FUNDS_MESSAGE, BROADCAST_REJECTED_PREFIX } from './messages.js';
