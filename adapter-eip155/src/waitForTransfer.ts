import { LatchError, toLatchError, type TransferOutcome, type WaitForTransferRequest } from '@latch/kernel';
import { sleep, throwIfAborted } from './abortable.js';
import { nodeRequest } from './nodeRequest.js';
import { isHash, parseReceipt, parseTransaction, type Hex, type NodeReceipt } from './nodeShapes.js';
import { readRevertReason } from './revertReason.js';
import type { NetworkClient } from './rpc/client.js';

export interface WaitForTransferOptions {
  /** How long to wait for the receipt before giving up (the transaction may still be mined later). Default 120 000 ms. */
  timeoutMs?: number;
  /** How often the network's RPC is asked for the receipt. Default 1 000 ms. */
  pollIntervalMs?: number;
}

export const DEFAULT_TRANSFER_TIMEOUT_MS = 120_000;
export const DEFAULT_RECEIPT_POLL_INTERVAL_MS = 1_000;

const FAILED_WITHOUT_REASON = 'The transaction was reverted by the contract.';

async function askReceipt(client: NetworkClient, hash: Hex, signal?: AbortSignal): Promise<NodeReceipt | undefined> {
  let reply: unknown;
  try {
    reply = await nodeRequest(client, 'eth_getTransactionReceipt', [hash], signal);
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
  if (reply === null || reply === undefined) return undefined;
  const receipt = parseReceipt(reply);
  if (!receipt || receipt.transactionHash.toLowerCase() !== hash.toLowerCase())
    throw new LatchError(`The node returned an unreadable receipt for ${hash}`, { category: 'RPC_ERROR' });
  return receipt;
}

async function failureReason(client: NetworkClient, hash: Hex, receipt: NodeReceipt, signal?: AbortSignal): Promise<string> {
  const transaction = parseTransaction(await nodeRequest(client, 'eth_getTransactionByHash', [hash], signal).catch(() => undefined));
  throwIfAborted(signal);
  return transaction ? readRevertReason(client, transaction, receipt, signal) : FAILED_WITHOUT_REASON;
}

/**
 * Polls the network's RPC until the transaction has a receipt: `confirmed` when it succeeded, `failed`
 * with the revert's reason when it reverted. Rejects with an RPC_ERROR after `timeoutMs`.
 */
export async function waitForTransferOutcome(
  client: Promise<NetworkClient>,
  request: WaitForTransferRequest,
  options: WaitForTransferOptions = {},
): Promise<TransferOutcome> {
  try {
    return await waitOn(await client, request, options);
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
}

async function waitOn(
  client: NetworkClient,
  { hash, signal }: WaitForTransferRequest,
  options: WaitForTransferOptions,
): Promise<TransferOutcome> {
  if (!isHash(hash)) throw new LatchError('Invalid transaction hash', { category: 'VALIDATION_ERROR' });
  const timeoutMs = options.timeoutMs ?? DEFAULT_TRANSFER_TIMEOUT_MS;
  const interval = Math.max(1, options.pollIntervalMs ?? DEFAULT_RECEIPT_POLL_INTERVAL_MS);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    throwIfAborted(signal);
    const receipt = await askReceipt(client, hash, signal);
    if (receipt?.status === 'success') return { status: 'confirmed' };
    if (receipt) return { status: 'failed', reason: await failureReason(client, hash, receipt, signal) };
    if (Date.now() + interval > deadline) {
      throw new LatchError(`Transaction ${hash} was not confirmed within ${Math.round(timeoutMs / 1000)} s; it may still be pending`, {
        category: 'RPC_ERROR',
      });
    }
    await sleep(interval, signal);
  }
}
