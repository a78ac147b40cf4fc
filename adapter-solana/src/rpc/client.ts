import { createDefaultRpcTransport, createSolanaRpcFromTransport } from '@solana/kit';
import type { Rpc, RpcTransport, SolanaRpcApi } from '@solana/kit';
import type { CaipNetwork } from '@latch/kernel';
import { RPC_TIMEOUT_MS } from '../constants.js';

export type NetworkRpc = Rpc<SolanaRpcApi>;

function withTimeout(signal: AbortSignal | undefined): AbortSignal {
  const timeout = AbortSignal.timeout(RPC_TIMEOUT_MS);
  return signal ? AbortSignal.any([signal, timeout]) : timeout;
}

/**
 * A JSON-RPC client over the network's RPC URLs: each request gets the §9 timeout and falls back to the
 * next URL when a node cannot be reached (a JSON-RPC error reply is an answer and is not retried).
 */
export function createNetworkRpc(network: CaipNetwork): NetworkRpc {
  const urls = network.rpcUrls.default.http;
  if (urls.length === 0) throw new TypeError(`Network ${network.caipNetworkId} has no RPC URL`);
  const transports = urls.map((url) => createDefaultRpcTransport({ url }));
  const transport: RpcTransport = async (config) => {
    let lastError: unknown;
    for (const next of transports) {
      try {
        return await next({ ...config, signal: withTimeout(config.signal) });
      } catch (err) {
        if (config.signal?.aborted) throw err;
        lastError = err;
      }
    }
    throw lastError;
  };
  return createSolanaRpcFromTransport(transport) as NetworkRpc;
}
