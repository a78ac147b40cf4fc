import { createClient, defineChain, fallback, http, type Chain, type Client, type Transport } from 'viem';
import { type CaipNetwork, invalidOption } from '@latch/kernel';
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

// Transport rules (kept here, in the lazy chunk): 3 retries from 150 ms doubling, batches of up to 1000.
const RPC_RETRY_COUNT = 3;
const RPC_RETRY_DELAY_MS = 150;
const RPC_BATCH_SIZE = 1000;

/** How the adapter talks to a network's nodes (the adapter's `rpc` option). */
export interface RpcTransportOptions {
  /** Give up on a request after this long, with "The request took too long to respond". Default 10 000 ms. */
  timeoutMs?: number;
  /** Retries of a failed request (unreachable node, or HTTP 403, 408, 413, 429, 500, 502, 503, 504). Default 3. */
  retryCount?: number;
  /** The first retry's delay, doubled for each next one; a `Retry-After` the node sends wins. Default 150 ms. */
  retryDelayMs?: number;
  /** JSON-RPC batching: requests made together go in one HTTP request of up to `batchSize` (default 1000). `false` for nodes that refuse batches. */
  batch?: boolean | { batchSize?: number };
}

/**
 * A bare viem client (actions are imported one by one so the lazy chunk stays small). viem's http
 * transport does the transport rules: batching, retry with back-off (and `Retry-After`), timeout.
 */
export function createNetworkClient(network: CaipNetwork, options: RpcTransportOptions = {}): NetworkClient {
  const urls = network.rpcUrls.default.http;
  if (urls.length === 0) throw invalidOption(`Network ${network.caipNetworkId} has no RPC URL`);
  const batchSize = typeof options.batch === 'object' ? (options.batch.batchSize ?? RPC_BATCH_SIZE) : RPC_BATCH_SIZE;
  const transports = urls.map((url) =>
    http(url, {
      timeout: options.timeoutMs ?? RPC_TIMEOUT_MS,
      retryCount: options.retryCount ?? RPC_RETRY_COUNT,
      retryDelay: options.retryDelayMs ?? RPC_RETRY_DELAY_MS,
      batch: options.batch === false ? false : { batchSize, wait: 0 },
    }),
  );
  const transport = transports.length === 1 ? (transports[0] as Transport) : fallback(transports);
  return createClient({ chain: toViemChain(network), transport });
}
