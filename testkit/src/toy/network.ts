import type { CaipNetwork } from '@latch/kernel';
import { TOY_CAIP_NETWORK_ID, TOY_CHAIN_REFERENCE, TOY_NAMESPACE, TOY_NATIVE_CURRENCY } from './protocol.js';

export interface ToyLocalnetOptions {
  /** The toy chain's JSON-RPC URL, e.g. `startToyChain().rpcUrl`. */
  rpcUrl: string;
  name?: string;
}

/** The `toy:local` network as a kernel `CaipNetwork`: give it to `createModal({ networks })`. */
export function createToyLocalnet({ rpcUrl, name = 'Toy Localnet' }: ToyLocalnetOptions): CaipNetwork {
  return {
    id: TOY_CHAIN_REFERENCE,
    name,
    caipNetworkId: TOY_CAIP_NETWORK_ID,
    chainNamespace: TOY_NAMESPACE,
    nativeCurrency: { ...TOY_NATIVE_CURRENCY },
    rpcUrls: { default: { http: [rpcUrl] } },
    testnet: false,
  };
}
