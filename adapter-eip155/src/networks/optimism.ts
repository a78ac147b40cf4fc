import type { CaipNetwork } from '@latch/kernel';

export const optimism = {
  id: 10,
  name: 'OP Mainnet',
  caipNetworkId: 'eip155:10',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['https://mainnet.optimism.io'] } },
  blockExplorers: { default: { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' } },
  testnet: false,
} as const satisfies CaipNetwork;
