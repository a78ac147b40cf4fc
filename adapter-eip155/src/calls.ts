import {
  connectorError,
  describeErrorCode,
  ERROR_CODES,
  LatchError,
  readErrorCode,
  readErrorMessage,
  retryableImport,
  toLatchError,
  type CallsStatus,
  type CaipNetwork,
  type Connector,
  type SendCallsRequest,
  type SendCallsResult,
  type WalletCallCapabilities,
} from '@latch/kernel';
import { chainIdOf, toCaipNetworkId, toHexQuantity, type Eip1193Provider } from './provider.js';
import type { NetworkClient } from './rpc/client.js';
import type { WaitForTransferOptions } from './waitForTransfer.js';
import { encodeCalls, FALLBACK_MARKER, invalidBundle } from './callsEncoding.js';

// One call at a time, for wallets without EIP-5792: loaded on first use, and fetched anew after a failed fetch (the
// browser keeps a failed module for its URL; the kernel's retryableImport says how).
const fallbackCode = retryableImport(() => import('./callsFallback.js'));

/*
 * EIP-5792 call bundles through any eip155 wallet. A wallet that implements them gets `wallet_sendCalls` (version
 * 2.0.0). A wallet that does not (it answers "method not supported") gets the calls one by one as
 * `eth_sendTransaction`, each once the previous one landed, when the bundle does not require atomicity and asks no
 * capability the wallet must honour; the bundle's id is then made here in viem's fallback format (the hashes, the
 * chain id, a marker), so `getCallsStatus` (and viem's own) reads its receipts from the chain.
 */

/** The EIP's upper bound on an id. */
const MAX_ID_BYTES = 4096;

/** Codes a wallet answers when it has no such method: then the bundle goes out as single transactions. */
export const NOT_IMPLEMENTED = new Set<number>([
  ERROR_CODES.UNSUPPORTED_METHOD,
  ERROR_CODES.METHOD_NOT_FOUND,
  ERROR_CODES.METHOD_NOT_SUPPORTED,
]);
const BUNDLE_CODES = new Set<number>([
  ERROR_CODES.UNSUPPORTED_CAPABILITY,
  ERROR_CODES.UNSUPPORTED_CHAIN,
  ERROR_CODES.DUPLICATE_BUNDLE_ID,
  ERROR_CODES.UNKNOWN_BUNDLE_ID,
  ERROR_CODES.BUNDLE_TOO_LARGE,
  ERROR_CODES.ATOMIC_UPGRADE_REJECTED,
  ERROR_CODES.ATOMICITY_NOT_SUPPORTED,
]);

export interface CallsHost {
  /** The connector's EIP-1193 provider (sendCapability.ts's providerOf, handed in: this chunk imports nothing the first load has). */
  providerOf(connector: Connector): Eip1193Provider;
  clientFor(network: CaipNetwork): Promise<NetworkClient>;
  waitForTransfer?: WaitForTransferOptions;
}

/** A bundle error (codes 5700–5760) in the EIP's words, with the wallet's own detail when it adds one. */
export function bundleError(err: unknown): LatchError {
  const code = readErrorCode(err);
  const standard = code === undefined ? undefined : describeErrorCode(code);
  if (code === undefined || !standard || !BUNDLE_CODES.has(code)) return toLatchError(err, 'CONNECTOR_ERROR');
  const detail = readErrorMessage(err);
  const message = detail && detail !== standard && !detail.startsWith('Unknown') ? `${standard} (${detail})` : standard;
  return new LatchError(message, { category: 'CONNECTOR_ERROR', code, cause: err });
}

/** `wallet_getCapabilities` for the account on one chain, keyed by chain id in 0x hex; `{}` on any failure (the EIP's fallback). */
export async function readCapabilities(
  {
    address,
    network,
    connector,
  }: {
    address: string;
    network: CaipNetwork;
    connector: Connector;
  },
  host: CallsHost,
): Promise<WalletCallCapabilities> {
  try {
    const provider = host.providerOf(connector);
    const reply = await provider.request({ method: 'wallet_getCapabilities', params: [address, [toHexQuantity(chainIdOf(network))]] });
    if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) return {};
    const result: Record<string, Readonly<Record<string, unknown>>> = {};
    for (const [chain, capabilities] of Object.entries(reply)) {
      if (/^0x[0-9a-fA-F]+$/.test(chain) && typeof capabilities === 'object' && capabilities !== null && !Array.isArray(capabilities)) {
        result[toHexQuantity(BigInt(chain))] = capabilities as Record<string, unknown>;
      }
    }
    return result;
  } catch {
    return {};
  }
}

function checkRequest(request: SendCallsRequest): void {
  if (
    request.id !== undefined &&
    (typeof request.id !== 'string' || request.id === '' || new TextEncoder().encode(request.id).length > MAX_ID_BYTES)
  ) {
    throw invalidBundle(`A bundle id must be a non-empty string of at most ${MAX_ID_BYTES} bytes`);
  }
  const capabilities = request.capabilities;
  if (capabilities !== undefined && (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities))) {
    throw invalidBundle('Capabilities must be an object of capability name to its value');
  }
}

/** Sends a bundle: `wallet_sendCalls`, or single transactions for a wallet without it (see the top of this file). */
export async function sendBundle(request: SendCallsRequest, host: CallsHost): Promise<SendCallsResult> {
  const provider = host.providerOf(request.connector);
  const calls = encodeCalls(request.calls);
  checkRequest(request);
  const chainId = toHexQuantity(chainIdOf(request.network));
  const walletNetwork = toCaipNetworkId(await provider.request({ method: 'eth_chainId' }).catch(() => undefined));
  if (walletNetwork !== request.network.caipNetworkId) {
    throw connectorError('CHAIN_MISMATCH', `${String(walletNetwork)} ≠ ${request.network.caipNetworkId}`);
  }
  let reply: unknown;
  try {
    reply = await provider.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          ...(request.id === undefined ? {} : { id: request.id }),
          from: request.from,
          chainId,
          atomicRequired: request.atomicRequired,
          calls,
          ...(request.capabilities ? { capabilities: request.capabilities } : {}),
        },
      ],
    });
  } catch (err) {
    const code = readErrorCode(err);
    if (code === undefined || !NOT_IMPLEMENTED.has(code)) throw bundleError(err);
    return (await fallbackCode()).sendOneByOne(provider, request, host);
  }
  // 2.0.0 answers { id, capabilities? }; wallets of the earlier drafts answer the id alone.
  const id = typeof reply === 'string' ? reply : (reply as { id?: unknown } | null)?.id;
  if (typeof id !== 'string' || id === '') throw new LatchError('The wallet returned no bundle id', { category: 'CONNECTOR_ERROR' });
  const capabilities = (reply as { capabilities?: unknown }).capabilities;
  return {
    id,
    ...(typeof capabilities === 'object' && capabilities !== null ? { capabilities: capabilities as Record<string, unknown> } : {}),
  };
}

/** `wallet_getCallsStatus`, or the receipts of a bundle sent as single transactions, read from the network's RPC. */
export async function readCallsStatus(
  request: { id: string; network: CaipNetwork; connector: Connector },
  host: CallsHost,
): Promise<CallsStatus> {
  if (request.id.toLowerCase().endsWith(FALLBACK_MARKER)) return (await fallbackCode()).readFallbackStatus(request, host);
  const provider = host.providerOf(request.connector);
  let reply: unknown;
  try {
    reply = await provider.request({ method: 'wallet_getCallsStatus', params: [request.id] });
  } catch (err) {
    const code = readErrorCode(err);
    // A wallet without bundles never issued this id.
    if (code !== undefined && NOT_IMPLEMENTED.has(code)) throw bundleError({ code: ERROR_CODES.UNKNOWN_BUNDLE_ID });
    throw bundleError(err);
  }
  const status = reply as Partial<CallsStatus> | null;
  if (typeof status !== 'object' || status === null || typeof status.status !== 'number') {
    throw new LatchError('The wallet returned an unreadable bundle status', { category: 'CONNECTOR_ERROR' });
  }
  return { version: '2.0.0', id: request.id, chainId: toHexQuantity(chainIdOf(request.network)), atomic: false, ...status } as CallsStatus;
}
