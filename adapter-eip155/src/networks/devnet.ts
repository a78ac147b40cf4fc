import type { CaipNetwork, CaipNetworkId } from '@latch/kernel';
import { invalidOption } from '@latch/kernel/errors';

export const DEVNET_CHAIN_ID = 31337;
export const DEVNET_RPC_URL = 'http://127.0.0.1:8545';

/** A local anvil/hardhat chain. Not a testnet, so the modal shows its balances (§5). No explorer. */
export const devnet = {
  id: DEVNET_CHAIN_ID,
  name: 'Local Devnet',
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [DEVNET_RPC_URL] } },
  testnet: false,
} as const satisfies CaipNetwork;

export interface DevnetOptions {
  rpcUrl: string;
  chainId?: number;
  /** What the modal calls it; 'Local Devnet' by default. */
  name?: string;
}

/** The devnet pointed at a running local node, e.g. the devnet's anvil on a random port. */
export function createDevnet({ rpcUrl, chainId = DEVNET_CHAIN_ID, name = devnet.name }: DevnetOptions): CaipNetwork {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) throw invalidOption(`chainId must be a positive integer (got ${chainId})`);
  if (typeof name !== 'string' || name.trim() === '') throw invalidOption('name must be a non-empty string');
  return {
    ...devnet,
    id: chainId,
    name,
    caipNetworkId: `eip155:${chainId}` as CaipNetworkId,
    nativeCurrency: { ...devnet.nativeCurrency },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
}
