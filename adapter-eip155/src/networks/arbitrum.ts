import type { CaipNetwork } from '@latch/kernel';

export const arbitrum = {
  id: 42161,
  name: 'Arbitrum One',
  caipNetworkId: 'eip155:42161',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://arb1.arbitrum.io/rpc'] } },
  blockExplorers: { default: { name: 'Arbiscan', url: 'https://arbiscan.io' } },
  testnet: false,
} as const satisfies CaipNetwork;
