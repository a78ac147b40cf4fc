import { LatchError, type CaipNetwork } from '@latch/kernel';
import { ProviderRpcError, type SessionChannel } from './channel.js';
import { approvedNamespaces } from './namespaces.js';
import type { Provider } from './provider.js';
import { relayUnreachable, SESSION_ENDED, withTimeout } from './sessionErrors.js';

/*
 * One namespace's channel on a live session: its approval as the wallet holds it now, wallet requests over the relay
 * (reopened first if the socket dropped), and reads on the configured node.
 */

const RELAY_RECONNECT_TIMEOUT_MS = 5_000;

export interface ChannelInput {
  readonly up: Provider;
  readonly topic: string;
  readonly namespace: string;
  /** The session's unanswered requests while it is the live one (each rejects when it ends), else undefined. */
  inflight(): Set<(error: Error) => void> | undefined;
  /** The kernel's networks of the namespace (where reads go). */
  networks(): readonly CaipNetwork[];
}

/** Opens the relay socket if it dropped; throws "relay unreachable" when it stays closed. */
async function relayOpen(up: Provider): Promise<void> {
  const relayer = up.client.core.relayer;
  if (relayer.connected) return;
  const opened = await withTimeout(
    relayer.transportOpen().then(() => relayer.connected),
    RELAY_RECONNECT_TIMEOUT_MS,
  ).catch(() => false);
  if (opened !== true) throw relayUnreachable();
}

/** A wallet request that rejects with 4900 when the session ends before the wallet answers. */
async function sessionRequest(input: ChannelInput, method: string, params: unknown, chainId: string): Promise<unknown> {
  await relayOpen(input.up);
  const inflight = input.inflight();
  if (!inflight) throw new ProviderRpcError(4900, SESSION_ENDED);
  let reject: (error: Error) => void = () => undefined;
  const gone = new Promise<never>((_resolve, fail) => {
    reject = fail;
  });
  inflight.add(reject);
  try {
    return await Promise.race([input.up.client.request({ topic: input.topic, chainId, request: { method, params } }), gone]);
  } finally {
    inflight.delete(reject);
  }
}

/** A JSON-RPC read on the configured node of `chainId` (never through the session or a hosted RPC). */
async function nodeRead(networks: readonly CaipNetwork[], method: string, params: unknown, chainId: string): Promise<unknown> {
  const url = networks.find((n) => n.caipNetworkId === chainId)?.rpcUrls.default.http[0];
  if (!url) throw new LatchError(`No RPC URL is configured for ${chainId}`, { category: 'RPC_ERROR' });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params: params ?? [] }),
  });
  if (!response.ok) throw new LatchError(`HTTP status code: ${response.status}`, { category: 'RPC_ERROR' });
  const reply = (await response.json()) as { result?: unknown; error?: { code?: number; message?: string } };
  if (reply.error) throw new LatchError(reply.error.message ?? 'RPC error', { category: 'RPC_ERROR', code: reply.error.code });
  return reply.result;
}

export function createSessionChannel(input: ChannelInput): SessionChannel {
  const { up, topic, namespace } = input;
  return {
    approved() {
      if (!input.inflight()) return undefined;
      try {
        return approvedNamespaces(up.client.session.get(topic).namespaces)[namespace];
      } catch {
        return undefined;
      }
    },
    request: (method, params, chainId) => sessionRequest(input, method, params, chainId),
    read: (method, params, chainId) => nodeRead(input.networks(), method, params, chainId),
  };
}
