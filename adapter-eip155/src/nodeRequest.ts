import { abortable } from './abortable.js';
import type { NetworkClient } from './rpc/client.js';

type RawRequest = (args: { method: string; params: readonly unknown[] }) => Promise<unknown>;

/** One JSON-RPC call through the network's client (its transport, timeout and retries); the reply is unchecked. */
export function nodeRequest(client: NetworkClient, method: string, params: readonly unknown[], signal?: AbortSignal): Promise<unknown> {
  // Otterscan's methods are not in viem's typed method list: the reply is validated by each caller.
  return abortable((client.request as unknown as RawRequest)({ method, params }), signal);
}
