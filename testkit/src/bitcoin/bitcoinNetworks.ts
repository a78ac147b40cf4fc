/** sats-connect's network names (its `BitcoinNetworkType`). */
export const BITCOIN_NETWORK_NAMES = ['Mainnet', 'Testnet', 'Testnet4', 'Signet', 'Regtest'] as const;
export type BitcoinNetworkName = (typeof BITCOIN_NETWORK_NAMES)[number];

/** Address and key prefixes, in the shape @scure/btc-signer takes. */
export interface BitcoinNetworkParams {
  readonly bech32: string;
  readonly pubKeyHash: number;
  readonly scriptHash: number;
  readonly wif: number;
}

const TESTNET_PARAMS: BitcoinNetworkParams = { bech32: 'tb', pubKeyHash: 0x6f, scriptHash: 0xc4, wif: 0xef };

/** Per network: prefixes and the CAIP-2 id (`bip122:` + the first 32 hex characters of the genesis block hash). */
export const BITCOIN_NETWORKS: Readonly<Record<BitcoinNetworkName, { params: BitcoinNetworkParams; caipNetworkId: `bip122:${string}` }>> = {
  Mainnet: {
    params: { bech32: 'bc', pubKeyHash: 0x00, scriptHash: 0x05, wif: 0x80 },
    caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  },
  Testnet: { params: TESTNET_PARAMS, caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba' },
  Testnet4: { params: TESTNET_PARAMS, caipNetworkId: 'bip122:00000000da84f2bafbbc53dee25a72ae' },
  Signet: { params: TESTNET_PARAMS, caipNetworkId: 'bip122:00000008819873e925422c1ff0f99f7c' },
  // Bitcoin Core's regtest HRP; bcoin's own is `rb`, which the fixture patches.
  Regtest: { params: { ...TESTNET_PARAMS, bech32: 'bcrt' }, caipNetworkId: 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328' },
};

export const REGTEST_PARAMS = BITCOIN_NETWORKS.Regtest.params;
/** The regtest genesis block, as every regtest node (bcoin's included) has it. */
export const REGTEST_CAIP_NETWORK_ID = BITCOIN_NETWORKS.Regtest.caipNetworkId;

export function isBitcoinNetworkName(value: unknown): value is BitcoinNetworkName {
  return typeof value === 'string' && (BITCOIN_NETWORK_NAMES as readonly string[]).includes(value);
}
