import type { CaipNetwork } from '@latch/kernel';

export const polygon = {
  id: 137,
  name: 'Polygon',
  caipNetworkId: 'eip155:137',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: ['https://polygon-rpc.com'] } },
  blockExplorers: { default: { name: 'PolygonScan', url: 'https://polygonscan.com' } },
  testnet: false,
} as const satisfies CaipNetwork;
