/** CAIP-2 ids of Bitcoin networks: `bip122:` + the first 32 hex characters of the genesis block hash. */
export const BITCOIN_MAINNET_CAIP_NETWORK_ID = 'bip122:000000000019d6689c085ae165831e93';
export const BITCOIN_TESTNET_CAIP_NETWORK_ID = 'bip122:000000000933ea01ad0ee984209779ba';
export const BITCOIN_TESTNET4_CAIP_NETWORK_ID = 'bip122:00000000da84f2bafbbc53dee25a72ae';
export const BITCOIN_SIGNET_CAIP_NETWORK_ID = 'bip122:00000008819873e925422c1ff0f99f7c';
/** Every regtest chain starts from the same genesis block (Bitcoin Core's, bcoin's). */
export const BITCOIN_REGTEST_CAIP_NETWORK_ID = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328';

/** §9: Bitcoin's native decimals (1 BTC = 10^8 sats). */
export const BTC_DECIMALS = 8;
