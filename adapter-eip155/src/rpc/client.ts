import { createClient, defineChain, fallback, http, type Chain, type Client, type Transport } from 'viem';
import type { CaipNetwork } from '@latch/kernel';
import { ENS_UNIVERSAL_RESOLVERS, MULTICALL3_ADDRESS, RPC_TIMEOUT_MS } from '../constants.js';
import { chainIdOf } from '../provider.js';

export type NetworkClient = Client<Transport, Chain>;

/** A viem chain from a Latch network; multicall3 is declared because viem's multicall needs it. */
export function toViemChain(network: CaipNetwork): Chain {
  const id = chainIdOf(network);
  const explorer = network.blockExplorers?.default;
  const ensUniversalResolver = ENS_UNIVERSAL_RESOLVERS[id];
  return defineChain({
    id,
    name: network.name,
    nativeCurrency: { ...network.nativeCurrency },
    rpcUrls: { default: { http: [...network.rpcUrls.default.http] } },
    ...(explorer ? { blockExplorers: { default: { name: explorer.name, url: explorer.url } } } : {}),
    contracts: {
      multicall3: { address: MULTICALL3_ADDRESS },
      ...(ensUniversalResolver ? { ensUniversalResolver: { address: ensUniversalResolver } } : {}),
    },
    testnet: network.testnet === true,
  });
}

/** A bare viem client (actions are imported one by one so the lazy chunk stays small). */
export function createNetworkClient(network: CaipNetwork): NetworkClient {
  const urls = network.rpcUrls.default.http;
  if (urls.length === 0) throw new TypeError(`Network ${network.caipNetworkId} has no RPC URL`);
  const transports = urls.map((url) => http(url, { timeout: RPC_TIMEOUT_MS }));
  const transport = transports.length === 1 ? (transports[0] as Transport) : fallback(transports);
  return createClient({ chain: toViemChain(network), transport });
}
