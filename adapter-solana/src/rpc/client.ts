import {
  createDefaultRpcTransport,
  createSolanaRpcFromTransport,
  isSolanaError,
  SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR,
} from '@solana/kit';
import type { Rpc, RpcTransport, SolanaRpcApi } from '@solana/kit';
import { LatchError, type CaipNetwork, invalidOption } from '@latch/kernel';
import { RPC_TIMEOUT_MS } from '../constants.js';
import { sleep } from './abort.js';

export type NetworkRpc = Rpc<SolanaRpcApi>;

/** How the adapter talks to a network's nodes (the adapter's `rpc` option). */
export interface SolanaRpcOptions {
  /** Give up on a request after this long. Default 10 000 ms. */
  timeoutMs?: number;
  /** Retries of a read the node could not take (HTTP 403, 408, 413, 429, 500, 502, 503, 504, or unreachable). Default 3. */
  retryCount?: number;
  /** The first retry's delay, doubled for each next one; a `Retry-After` the node sends wins. Default 150 ms. */
  retryDelayMs?: number;
}

const RETRY_STATUSES = new Set([403, 408, 413, 429, 500, 502, 503, 504]);
/** A transaction is sent once per node: the wallet's signature makes a resend safe, but the caller decides. */
const NOT_RETRIED = new Set(['sendTransaction']);

/** The wait a failed try asks for: the node's `Retry-After`, or undefined when it did not fail in a retryable way. */
function retryWait(error: unknown): { retryAfterMs?: number } | undefined {
  if (isSolanaError(error, SOLANA_ERROR__RPC__TRANSPORT_HTTP_ERROR)) {
    if (!RETRY_STATUSES.has(error.context.statusCode)) return undefined;
    const seconds = Number(error.context.headers?.get('retry-after') ?? Number.NaN);
    return Number.isFinite(seconds) ? { retryAfterMs: seconds * 1000 } : {};
  }
  return error instanceof TypeError ? {} : undefined; // fetch's "could not reach the node"
}

/**
 * A JSON-RPC client over the network's RPC URLs with the transport rules on @solana/kit's own HTTP
 * transport: each try carries the timeout, a read the node could not take is retried with back-off,
 * and a node that cannot be reached hands over to the next URL. A JSON-RPC error reply is an answer
 * and is not retried. Kit sends one HTTP request per call (it merges identical calls made together).
 */
export function createNetworkRpc(network: CaipNetwork, options: SolanaRpcOptions = {}): NetworkRpc {
  const urls = network.rpcUrls.default.http;
  if (urls.length === 0) throw invalidOption(`Network ${network.caipNetworkId} has no RPC URL`);
  const { timeoutMs = RPC_TIMEOUT_MS, retryCount = 3, retryDelayMs = 150 } = options;
  const nodes = urls.map((url) => ({ url, send: createDefaultRpcTransport({ url }) }));

  async function withRetries<TResponse>(node: (typeof nodes)[number], config: Parameters<RpcTransport>[0]): Promise<TResponse> {
    const method = (config.payload as { method?: unknown })?.method;
    const retries = typeof method === 'string' && NOT_RETRIED.has(method) ? 0 : retryCount;
    for (let tries = 0; ; tries += 1) {
      const timeout = AbortSignal.timeout(timeoutMs);
      try {
        return await node.send<TResponse>({ ...config, signal: config.signal ? AbortSignal.any([config.signal, timeout]) : timeout });
      } catch (err) {
        if (config.signal?.aborted) throw err;
        if (timeout.aborted) {
          throw new LatchError(`The Solana node at ${node.url} did not answer ${String(method)} within ${timeoutMs / 1000} s`, {
            category: 'RPC_ERROR',
            cause: err,
          });
        }
        const wait = retryWait(err);
        if (!wait || tries >= retries) throw err;
        await sleep(wait.retryAfterMs ?? retryDelayMs * 2 ** tries, config.signal);
      }
    }
  }

  const transport: RpcTransport = async <TResponse>(config: Parameters<RpcTransport>[0]) => {
    let lastError: unknown;
    for (const node of nodes) {
      try {
        return await withRetries<TResponse>(node, config);
      } catch (err) {
        if (config.signal?.aborted) throw err;
        lastError = err;
      }
    }
    throw lastError;
  };
  return createSolanaRpcFromTransport(transport) as NetworkRpc;
}
