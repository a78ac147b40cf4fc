/** Bitcoin network definitions, importable one by one: mainnet and testnet are the §3 built-ins. */
export { bitcoin, bitcoinTestnet } from './bitcoin.js';
export { createBitcoinRegtest, type BitcoinRegtestOptions } from './regtest.js';
export {
  BITCOIN_MAINNET_CAIP_NETWORK_ID,
  BITCOIN_REGTEST_CAIP_NETWORK_ID,
  BITCOIN_SIGNET_CAIP_NETWORK_ID,
  BITCOIN_TESTNET4_CAIP_NETWORK_ID,
  BITCOIN_TESTNET_CAIP_NETWORK_ID,
  BTC_DECIMALS,
} from './chainIds.js';
