import type { CaipNetwork } from '@latch/kernel';

export const base = {
  id: 8453,
  name: 'Base',
  caipNetworkId: 'eip155:8453',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.base.org'] } },
  blockExplorers: { default: { name: 'Basescan', url: 'https://basescan.org' } },
  testnet: false,
} as const satisfies CaipNetwork;
