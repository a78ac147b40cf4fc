/** Cosmos Hub and Osmosis. Wallets ship both, so no `chainInfo` is suggested for them. */
import type { CosmosNetwork } from './cosmosNetwork.js';

export const cosmosHub = {
  id: 'cosmoshub-4',
  name: 'Cosmos Hub',
  caipNetworkId: 'cosmos:cosmoshub-4',
  chainNamespace: 'cosmos',
  nativeCurrency: { name: 'Cosmos', symbol: 'ATOM', decimals: 6 },
  rpcUrls: { default: { http: ['https://cosmos-rpc.publicnode.com'] } },
  blockExplorers: { default: { name: 'Mintscan', url: 'https://www.mintscan.io/cosmos' } },
  testnet: false,
  cosmos: { chainId: 'cosmoshub-4', denom: 'uatom', bech32Prefix: 'cosmos', gasPrice: '0.025uatom' },
} as const satisfies CosmosNetwork;

export const osmosis = {
  id: 'osmosis-1',
  name: 'Osmosis',
  caipNetworkId: 'cosmos:osmosis-1',
  chainNamespace: 'cosmos',
  nativeCurrency: { name: 'Osmosis', symbol: 'OSMO', decimals: 6 },
  rpcUrls: { default: { http: ['https://osmosis-rpc.publicnode.com'] } },
  blockExplorers: { default: { name: 'Mintscan', url: 'https://www.mintscan.io/osmosis' } },
  testnet: false,
  cosmos: { chainId: 'osmosis-1', denom: 'uosmo', bech32Prefix: 'osmo', gasPrice: '0.025uosmo' },
} as const satisfies CosmosNetwork;
