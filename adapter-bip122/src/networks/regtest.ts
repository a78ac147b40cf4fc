import type { CaipNetwork } from '@latch/kernel';
import { BITCOIN_REGTEST_CAIP_NETWORK_ID, BTC_DECIMALS } from './chainIds.js';
import { invalidOption } from '@latch/kernel';

export type BitcoinRegtestOptions = {
  /** What the modal calls it; 'Bitcoin Regtest' by default. */
  name?: string;
} & (
  | {
      /** The Esplora API of the local node, e.g. the devnet's `startBitcoinRegtest().esploraUrl`. */
      esploraUrl: string;
      rpcUrl?: never;
    }
  | {
      /** The same URL under the name the other local-network factories use. */
      rpcUrl: string;
      esploraUrl?: never;
    }
);

const DEFAULT_NAME = 'Bitcoin Regtest';

function httpUrl(url: unknown): string {
  let protocol: string | undefined;
  try {
    protocol = new URL(String(url)).protocol;
  } catch {
    protocol = undefined;
  }
  if (typeof url !== 'string' || (protocol !== 'http:' && protocol !== 'https:')) {
    throw invalidOption(`esploraUrl must be an http(s) URL (got "${String(url)}")`);
  }
  return url;
}

/** A regtest node behind an Esplora API. Not a testnet, so the modal shows its balances (§5); no explorer. */
export function createBitcoinRegtest(options: BitcoinRegtestOptions): CaipNetwork {
  const { name = DEFAULT_NAME } = options;
  if (typeof name !== 'string' || name.trim() === '') throw invalidOption('name must be a non-empty string');
  const esploraUrl = httpUrl(options.esploraUrl ?? options.rpcUrl);
  return {
    id: BITCOIN_REGTEST_CAIP_NETWORK_ID.slice('bip122:'.length),
    name,
    caipNetworkId: BITCOIN_REGTEST_CAIP_NETWORK_ID,
    chainNamespace: 'bip122',
    nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: BTC_DECIMALS },
    rpcUrls: { default: { http: [esploraUrl] } },
    testnet: false,
  };
}
