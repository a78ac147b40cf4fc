import { Comet1Client, Comet38Client, type CometClient, HttpBatchClient, type RpcClient, Tendermint37Client } from '@cosmjs/tendermint-rpc';
import { LatchError, readErrorMessage } from '@latch/kernel';
import { RPC_TIMEOUT_MS } from './timeout.js';

/** How the adapter talks to a Cosmos node (the adapter's `rpc` option). */
export interface CosmosRpcOptions {
  /** Give up on a request after this long. Default 10 000 ms. */
  timeoutMs?: number;
  /** Retries of a request the node could not take (unreachable, or HTTP 403, 408, 413, 429, 500, 502, 503, 504). Default 3. */
  retryCount?: number;
  /** The first retry's delay, doubled for each next one. Default 150 ms. */
  retryDelayMs?: number;
  /** Requests made within this many milliseconds go in one JSON-RPC batch (CosmJS's HttpBatchClient). Default 20; 0 sends each alone. */
  batchWindowMs?: number;
}

const RETRY_STATUSES = new Set([403, 408, 413, 429, 500, 502, 503, 504]);
const BATCH_SIZE = 1000;

/** Whether the node did not take the request (so a retry may work): no connection, or one of the retry statuses. */
function nodeDidNotTakeIt(error: unknown): boolean {
  const status = (error as { cause?: { status?: unknown } })?.cause?.status;
  if (typeof status === 'number') return RETRY_STATUSES.has(status);
  return error instanceof TypeError; // fetch's network failure
}

const isTimeout = (error: unknown) => (error as { name?: unknown })?.name === 'TimeoutError';

/**
 * CosmJS's RPC client with the transport rules: CosmJS's HttpBatchClient for batching and its
 * timeout, plus retry with back-off. The batch client (which ticks on an interval) exists only while
 * requests are in flight, so an idle page keeps no timer.
 */
export function createCosmosRpcClient(rpcUrl: string, options: CosmosRpcOptions = {}): RpcClient {
  const timeoutMs = options.timeoutMs ?? RPC_TIMEOUT_MS;
  const retryCount = options.retryCount ?? 3;
  const retryDelayMs = options.retryDelayMs ?? 150;
  const batchWindowMs = options.batchWindowMs ?? 20;
  let batch: HttpBatchClient | undefined;
  let inFlight = 0;

  async function once(request: Parameters<RpcClient['execute']>[0]): ReturnType<RpcClient['execute']> {
    batch ??= new HttpBatchClient(rpcUrl, {
      batchSizeLimit: batchWindowMs > 0 ? BATCH_SIZE : 1,
      dispatchInterval: Math.max(batchWindowMs, 1),
      httpTimeout: timeoutMs,
    });
    inFlight += 1;
    try {
      return await batch.execute(request);
    } finally {
      inFlight -= 1;
      if (inFlight === 0) {
        batch?.disconnect();
        batch = undefined;
      }
    }
  }

  return {
    async execute(request) {
      // A broadcast is sent once: whether to send a signed transaction again is the caller's decision.
      const retries = request.method.startsWith('broadcast_tx') ? 0 : retryCount;
      for (let attempt = 0; ; attempt += 1) {
        try {
          return await once(request);
        } catch (error) {
          if (isTimeout(error)) {
            throw new LatchError(`The Cosmos node at ${rpcUrl} did not answer ${request.method} within ${timeoutMs / 1000} s`, {
              category: 'RPC_ERROR',
              cause: error,
            });
          }
          if (attempt >= retries || !nodeDidNotTakeIt(error)) {
            throw new LatchError(`The Cosmos node at ${rpcUrl} failed ${request.method}: ${readErrorMessage(error)}`, {
              category: 'RPC_ERROR',
              cause: error,
            });
          }
          await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** attempt));
        }
      }
    },
    disconnect() {
      // Nothing stays open between requests.
    },
  };
}

/** The CometBFT client for the node's version (CosmJS's connectComet, over the client above): 0.37, 0.38 or 1.x. */
export async function connectCometClient(rpc: RpcClient): Promise<CometClient> {
  const tm37 = Tendermint37Client.create(rpc);
  const version = (await tm37.status()).nodeInfo.version;
  if (version.startsWith('0.38.')) return Comet38Client.create(rpc);
  if (version.startsWith('1.')) return Comet1Client.create(rpc);
  return tm37;
}
