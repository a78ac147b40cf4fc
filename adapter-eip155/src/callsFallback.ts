import {
  describeErrorCode,
  ERROR_CODES,
  LatchError,
  toLatchError,
  type BundleCall,
  type CallsReceipt,
  type CallsStatus,
  type CaipNetwork,
  type SendCallsRequest,
  type SendCallsResult,
} from '@latch/kernel';
import type { CallsHost } from './calls.js';
import { encodeCalls, FALLBACK_MARKER } from './callsEncoding.js';
import { nodeRequest } from './nodeRequest.js';
import { refusalBeforeSending } from './preSendRefusal.js';
import { chainIdOf, toHexQuantity, type Eip1193Provider } from './provider.js';
import { isTransactionHash } from './replies.js';
import { waitForTransferOutcome } from './waitForTransfer.js';

/*
 * A bundle for a wallet without EIP-5792: its calls one by one as `eth_sendTransaction`, each once the previous one
 * landed, and its status read from the network's node. The id is viem's fallback id: the hashes (32 zero bytes for a
 * call not sent), the chain id, then the marker.
 */

const NOT_SENT = '0'.repeat(64);

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

export async function sendOneByOne(provider: Eip1193Provider, request: SendCallsRequest, host: CallsHost): Promise<SendCallsResult> {
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

/** The status of a bundle sent one call at a time, read from the network's node. */
export async function readFallbackStatus(request: { id: string; network: CaipNetwork }, host: CallsHost): Promise<CallsStatus> {
  const fallback = parseFallbackId(request.id);
  if (!fallback)
    throw new LatchError(describeErrorCode(ERROR_CODES.UNKNOWN_BUNDLE_ID) as string, {
      category: 'CONNECTOR_ERROR',
      code: ERROR_CODES.UNKNOWN_BUNDLE_ID,
    });
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
