import {
  connectorError,
  describeErrorCode,
  ERROR_CODES,
  LatchError,
  readErrorCode,
  readErrorMessage,
  toLatchError,
  type BundleCall,
  type CallsReceipt,
  type CallsStatus,
  type CaipNetwork,
  type SendCallsRequest,
  type SendCallsResult,
  type WalletCallCapabilities,
} from '@latch/kernel';
import { nodeRequest } from './nodeRequest.js';
import { chainIdOf, toCaipNetworkId, toHexQuantity, type Eip1193Provider } from './provider.js';
import { isTransactionHash } from './replies.js';
import type { NetworkClient } from './rpc/client.js';
import { refusalBeforeSending } from './preSendRefusal.js';
import { waitForTransferOutcome, type WaitForTransferOptions } from './waitForTransfer.js';

/*
 * EIP-5792 call bundles through any eip155 wallet. A wallet that implements them gets `wallet_sendCalls` (version
 * 2.0.0). A wallet that does not (it answers "method not supported") gets the calls one by one as
 * `eth_sendTransaction`, each once the previous one landed, when the bundle does not require atomicity and asks no
 * capability the wallet must honour; the bundle's id is then made here in viem's fallback format (the hashes, the
 * chain id, a marker), so `getCallsStatus` (and viem's own) reads its receipts from the chain.
 */

const HEX = /^0x[0-9a-fA-F]*$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
/** The EIP's upper bound on an id. */
const MAX_ID_BYTES = 4096;
/** viem's marker ending the id of a bundle sent as single transactions; an unsent call's hash is 32 zero bytes. */
const FALLBACK_MARKER = '5792579257925792579257925792579257925792579257925792579257925792';
const NOT_SENT = '0'.repeat(64);

/** Codes a wallet answers when it has no such method: then the bundle goes out as single transactions. */
const NOT_IMPLEMENTED = new Set<number>([ERROR_CODES.UNSUPPORTED_METHOD, ERROR_CODES.METHOD_NOT_FOUND, ERROR_CODES.METHOD_NOT_SUPPORTED]);
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
  clientFor(network: CaipNetwork): Promise<NetworkClient>;
  waitForTransfer?: WaitForTransferOptions;
}

const invalid = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR' });

/** A bundle error (codes 5700–5760) in the EIP's words, with the wallet's own detail when it adds one. */
export function bundleError(err: unknown): LatchError {
  const code = readErrorCode(err);
  const standard = code === undefined ? undefined : describeErrorCode(code);
  if (code === undefined || !standard || !BUNDLE_CODES.has(code)) return toLatchError(err, 'CONNECTOR_ERROR');
  const detail = readErrorMessage(err);
  const message = detail && detail !== standard && !detail.startsWith('Unknown') ? `${standard} (${detail})` : standard;
  return new LatchError(message, { category: 'CONNECTOR_ERROR', code, cause: err });
}

/** The calls as `wallet_sendCalls` carries them, after checking each: `to` a 0x address, `data` 0x hex, `value` ≥ 0. */
export function encodeCalls(calls: readonly BundleCall[]): { to: string; data?: string; value?: string }[] {
  if (!Array.isArray(calls) || calls.length === 0) throw invalid('A call bundle needs at least one call');
  return calls.map((call, i) => {
    const at = `Call ${i + 1}`;
    if (typeof call !== 'object' || call === null) throw invalid(`${at} must be an object with a "to" address`);
    if (typeof call.to !== 'string' || !call.to.startsWith('0x')) throw invalid(`${at}: "to" must be an address starting with 0x`);
    if (!ADDRESS.test(call.to)) throw invalid(`${at}: "to" must be a 20-byte address (0x and 40 hex digits)`);
    if (call.data !== undefined && (typeof call.data !== 'string' || !HEX.test(call.data) || call.data.length % 2 !== 0)) {
      throw invalid(`${at}: "data" must be hex starting with 0x (whole bytes)`);
    }
    if (call.value !== undefined && (typeof call.value !== 'bigint' || call.value < 0n)) {
      throw invalid(`${at}: "value" must be a bigint of at least 0 (the smallest unit)`);
    }
    return {
      to: call.to,
      ...(call.data === undefined ? {} : { data: call.data }),
      ...(call.value === undefined || call.value === 0n ? {} : { value: toHexQuantity(call.value) }),
    };
  });
}

/** `wallet_getCapabilities` for the account on one chain, keyed by chain id in 0x hex; `{}` on any failure (the EIP's fallback). */
export async function readCapabilities(provider: Eip1193Provider, address: string, network: CaipNetwork): Promise<WalletCallCapabilities> {
  try {
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

/** The `atomic` status the wallet gives for a chain (or for every chain, under 0x0): 'supported', 'ready' or 'unsupported'. */
export function atomicStatus(capabilities: WalletCallCapabilities, network: CaipNetwork): string {
  const own = capabilities[toHexQuantity(chainIdOf(network))]?.atomic ?? capabilities['0x0']?.atomic;
  const status = typeof own === 'object' && own !== null ? (own as { status?: unknown }).status : undefined;
  return typeof status === 'string' ? status : 'unsupported';
}

function checkRequest(request: SendCallsRequest): void {
  if (
    request.id !== undefined &&
    (typeof request.id !== 'string' || request.id === '' || new TextEncoder().encode(request.id).length > MAX_ID_BYTES)
  ) {
    throw invalid(`A bundle id must be a non-empty string of at most ${MAX_ID_BYTES} bytes`);
  }
  const capabilities = request.capabilities;
  if (capabilities !== undefined && (typeof capabilities !== 'object' || capabilities === null || Array.isArray(capabilities))) {
    throw invalid('Capabilities must be an object of capability name to its value');
  }
}

/** Sends a bundle: `wallet_sendCalls`, or single transactions for a wallet without it (see the top of this file). */
export async function sendBundle(provider: Eip1193Provider, request: SendCallsRequest, host: CallsHost): Promise<SendCallsResult> {
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
    return sendOneByOne(provider, request, host);
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

/** One call as `eth_sendTransaction` (the wallet fills gas and fees); the chain was checked before the first. */
async function sendTransaction(provider: Eip1193Provider, from: string, call: BundleCall): Promise<string> {
  let hash: unknown;
  try {
    const [encoded] = encodeCalls([call]);
    hash = await provider.request({ method: 'eth_sendTransaction', params: [{ from, ...encoded }] });
  } catch (err) {
    throw refusalBeforeSending(err);
  }
  if (typeof hash !== 'string' || !isTransactionHash(hash)) {
    throw new LatchError('The wallet returned an invalid transaction hash', { category: 'CONNECTOR_ERROR' });
  }
  return hash;
}

async function sendOneByOne(provider: Eip1193Provider, request: SendCallsRequest, host: CallsHost): Promise<SendCallsResult> {
  if (request.atomicRequired) {
    throw new LatchError(describeErrorCode(ERROR_CODES.ATOMICITY_NOT_SUPPORTED) as string, {
      category: 'CONNECTOR_ERROR',
      code: ERROR_CODES.ATOMICITY_NOT_SUPPORTED,
    });
  }
  const required = Object.entries(request.capabilities ?? {}).filter(([, value]) => value?.optional !== true);
  if (required.length > 0) {
    const names = required.map(([name]) => name).join(', ');
    throw new LatchError(`${describeErrorCode(ERROR_CODES.UNSUPPORTED_CAPABILITY)} (the wallet has no call bundles: ${names})`, {
      category: 'CONNECTOR_ERROR',
      code: ERROR_CODES.UNSUPPORTED_CAPABILITY,
    });
  }
  const client = host.clientFor(request.network);
  const hashes: string[] = [];
  for (const call of request.calls) {
    // The first refusal is the visitor's answer to the whole bundle: nothing was sent, so it is thrown as it is.
    const hash = await sendTransaction(provider, request.from, call).catch((err: unknown) => {
      if (hashes.length === 0) throw err;
      return undefined;
    });
    if (!hash) break;
    hashes.push(hash);
    // The next call may need what this one did (an approval before a swap): it waits for its receipt, and a revert stops the rest.
    const outcome = await waitForTransferOutcome(client, { hash, network: request.network }, host.waitForTransfer);
    if (outcome.status === 'failed') break;
  }
  const unsent = request.calls.length - hashes.length;
  const parts = [...hashes.map((hash) => hash.slice(2).toLowerCase()), ...Array<string>(unsent).fill(NOT_SENT)];
  return { id: `0x${parts.join('')}${chainIdOf(request.network).toString(16).padStart(64, '0')}${FALLBACK_MARKER}` };
}

/** The hashes and chain of a bundle sent as single transactions, or undefined for a wallet's own id. */
function parseFallbackId(id: string): { hashes: (string | undefined)[]; chainId: number } | undefined {
  if (!/^0x[0-9a-f]+$/i.test(id) || !id.toLowerCase().endsWith(FALLBACK_MARKER)) return undefined;
  const body = id.slice(2, -64);
  if (body.length < 128 || body.length % 64 !== 0) return undefined;
  const words = body.match(/.{64}/g) as string[];
  const chainId = Number.parseInt(words.pop() as string, 16);
  return { chainId, hashes: words.map((word) => (word === NOT_SENT ? undefined : `0x${word}`)) };
}

interface NodeReceiptReply {
  status: string;
  blockHash: string;
  blockNumber: string;
  gasUsed: string;
  transactionHash: string;
  logs: { address: string; data: string; topics: string[] }[];
}

function toCallsReceipt(reply: NodeReceiptReply): CallsReceipt {
  return {
    status: reply.status,
    blockHash: reply.blockHash,
    blockNumber: reply.blockNumber,
    gasUsed: reply.gasUsed,
    transactionHash: reply.transactionHash,
    logs: (reply.logs ?? []).map(({ address, data, topics }) => ({ address, data, topics })),
  };
}

/** `wallet_getCallsStatus`, or the receipts of a bundle sent as single transactions, read from the network's RPC. */
export async function readCallsStatus(
  provider: Eip1193Provider,
  request: { id: string; network: CaipNetwork },
  host: CallsHost,
): Promise<CallsStatus> {
  const fallback = parseFallbackId(request.id);
  if (!fallback) {
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
    return {
      version: '2.0.0',
      id: request.id,
      chainId: toHexQuantity(chainIdOf(request.network)),
      atomic: false,
      ...status,
    } as CallsStatus;
  }
  if (fallback.chainId !== chainIdOf(request.network)) {
    throw new LatchError(`This bundle was sent on eip155:${fallback.chainId}; switch to that network to read it`, {
      category: 'VALIDATION_ERROR',
    });
  }
  const client = await host.clientFor(request.network);
  let receipts: (NodeReceiptReply | null | undefined)[];
  try {
    receipts = await Promise.all(
      fallback.hashes.map((hash) =>
        hash && isTransactionHash(hash)
          ? (nodeRequest(client, 'eth_getTransactionReceipt', [hash]) as Promise<NodeReceiptReply | null>)
          : undefined,
      ),
    );
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
  const landed = receipts.filter((receipt): receipt is NodeReceiptReply => !!receipt);
  const unsent = receipts.some((receipt) => receipt === undefined);
  const status = receipts.some((receipt) => receipt === null)
    ? 100
    : landed.length === 0
      ? 400
      : landed.every((receipt) => receipt.status === '0x1') && !unsent
        ? 200
        : landed.every((receipt) => receipt.status === '0x0')
          ? 500
          : 600;
  return {
    version: '2.0.0',
    id: request.id,
    chainId: toHexQuantity(fallback.chainId),
    status,
    atomic: false,
    receipts: landed.map(toCallsReceipt),
  };
}
