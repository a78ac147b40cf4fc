import type { CaipNetwork } from '../types.js';
import { NATIVE_DECIMALS } from './decimals.js';

export const bitcoin = {
  id: '000000000019d6689c085ae165831e93',
  name: 'Bitcoin',
  caipNetworkId: 'bip122:000000000019d6689c085ae165831e93',
  chainNamespace: 'bip122',
  nativeCurrency: { name: 'Bitcoin', symbol: 'BTC', decimals: NATIVE_DECIMALS.bip122 },
  // Bitcoin has no public JSON-RPC default; the host's provider endpoint is filled in from options (§7).
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space' } },
  testnet: false,
} as const satisfies CaipNetwork;

export const bitcoinTestnet = {
  id: '000000000933ea01ad0ee984209779ba',
  name: 'Bitcoin Testnet',
  caipNetworkId: 'bip122:000000000933ea01ad0ee984209779ba',
  chainNamespace: 'bip122',
  nativeCurrency: { name: 'Bitcoin', symbol: 'tBTC', decimals: NATIVE_DECIMALS.bip122 },
  rpcUrls: { default: { http: [] } },
  blockExplorers: { default: { name: 'Mempool', url: 'https://mempool.space/testnet' } },
  testnet: true,
} as const satisfies CaipNetwork;
