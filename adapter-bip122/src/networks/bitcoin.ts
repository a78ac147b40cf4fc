/** Bitcoin mainnet and testnet (§3 built-in definitions). Balances and broadcasts go through mempool.space's Esplora API. */
import type { CaipNetwork } from '@latch/kernel';
import { BITCOIN_MAINNET_CAIP_NETWORK_ID, BITCOIN_TESTNET_CAIP_NETWORK_ID, BTC_DECIMALS } from './chainIds.js';

export const bitcoin = {
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  caipNetworkId: BITCOIN_MAINNET_CAIP_NETWORK_ID,
  chainNamespace: 'bip122',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: BTC_DECIMALS },
  // An Esplora API (`/address/:a`, `/address/:a/utxo`, `/tx/:id`, `POST /tx`, `/fee-estimates`); nothing is asked before the visitor acts.
  rpcUrls: { default: { http: ['https://mempool.space/api'] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space' } },
  testnet: false,
} as const satisfies CaipNetwork;

export const bitcoinTestnet = {
  id: '000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  caipNetworkId: BITCOIN_TESTNET_CAIP_NETWORK_ID,
  chainNamespace: 'bip122',
  nativeCurrency: { name: 'Testnet Bitcoin', symbol: 'tBTC', decimals: BTC_DECIMALS },
  rpcUrls: { default: { http: ['https://mempool.space/testnet/api'] } },
  blockExplorers: { default: { name: 'mempool.space', url: 'https://mempool.space/testnet' } },
  testnet: true,
} as const satisfies CaipNetwork;
