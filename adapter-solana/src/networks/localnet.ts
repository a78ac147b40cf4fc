import { isCaipNetworkId, invalidOption } from '@latch/kernel';
import type { CaipNetwork, CaipNetworkId } from '@latch/kernel';
import { solana } from './clusters.js';

export const SOLANA_LOCALNET_RPC_URL = 'http://127.0.0.1:8899';
/** A local validator has no fixed genesis hash; wallets call it by this cluster name. */
export const SOLANA_LOCALNET_CAIP_NETWORK_ID = 'solana:localnet';

/** A local validator (solana-test-validator, LiteSVM). Not a testnet, so the modal shows its balances (§5). No explorer. */
export const solanaLocalnet = {
  id: 'localnet',
  name: 'Solana Localnet',
  caipNetworkId: SOLANA_LOCALNET_CAIP_NETWORK_ID,
  chainNamespace: 'solana',
  nativeCurrency: solana.nativeCurrency,
  rpcUrls: { default: { http: [SOLANA_LOCALNET_RPC_URL] } },
  testnet: false,
} as const satisfies CaipNetwork;

export interface SolanaLocalnetOptions {
  rpcUrl: string;
  /** `solana:<first 32 characters of the genesis hash>` when known; `solana:localnet` by default. */
  caipNetworkId?: CaipNetworkId;
  /** What the modal calls it; 'Solana Localnet' by default. */
  name?: string;
}

/** The localnet pointed at a running validator, e.g. the devnet's LiteSVM RPC on a random port. */
export function createSolanaLocalnet({
  rpcUrl,
  caipNetworkId = SOLANA_LOCALNET_CAIP_NETWORK_ID,
  name = solanaLocalnet.name,
}: SolanaLocalnetOptions): CaipNetwork {
  if (typeof name !== 'string' || name.trim() === '') throw invalidOption('name must be a non-empty string');
  if (!isCaipNetworkId(caipNetworkId) || !caipNetworkId.startsWith('solana:')) {
    throw invalidOption(`caipNetworkId must be a solana CAIP-2 id (got "${String(caipNetworkId)}")`);
  }
  let protocol: string | undefined;
  try {
    protocol = new URL(rpcUrl).protocol;
  } catch {
    protocol = undefined;
  }
  if (protocol !== 'http:' && protocol !== 'https:') throw invalidOption(`rpcUrl must be an http(s) URL (got "${String(rpcUrl)}")`);
  return {
    ...solanaLocalnet,
    id: caipNetworkId.slice('solana:'.length),
    name,
    caipNetworkId,
    nativeCurrency: { ...solanaLocalnet.nativeCurrency },
    rpcUrls: { default: { http: [rpcUrl] } },
  };
}
