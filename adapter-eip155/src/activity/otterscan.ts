import { LatchError, isLatchError, toLatchError } from '@latch/kernel';
import { nodeRequest } from '../nodeRequest.js';
import { parseReceipt, parseTransaction, type Hex, type NodeReceipt, type NodeTransaction } from '../nodeShapes.js';
import type { NetworkClient } from '../rpc/client.js';

/** The node could not be reached (no answer, a timeout, a 5xx): that says nothing about `ots_*`. */
function isUnreachable(err: unknown): boolean {
  let current: unknown = err;
  for (let depth = 0; depth < 6 && typeof current === 'object' && current !== null; depth++) {
    const { name, status } = current as { name?: unknown; status?: unknown };
    if (name === 'TimeoutError') return true;
    if (name === 'HttpRequestError') return typeof status !== 'number' || status >= 500;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Whether the node serves Otterscan's `ots_*` methods (Erigon, reth and anvil do): any answer but a
 * positive API level (method not found, an HTTP 4xx) means no; an unreachable node rejects.
 */
export async function supportsOtterscan(client: NetworkClient, signal?: AbortSignal): Promise<boolean> {
  try {
    const level = await nodeRequest(client, 'ots_getApiLevel', [], signal);
    return typeof level === 'number' && Number.isSafeInteger(level) && level >= 1;
  } catch (err) {
    if (isLatchError(err) || isUnreachable(err)) throw toLatchError(err, 'RPC_ERROR');
    return false;
  }
}

export interface OtterscanEntry {
  transaction: NodeTransaction;
  receipt: NodeReceipt;
}

export interface OtterscanPage {
  entries: OtterscanEntry[];
  /** The search reached the chain's first block. */
  lastPage: boolean;
}

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

/**
 * `ots_searchTransactionsBefore`: the account's transactions in blocks below `before`, newest first,
 * whole blocks until about `pageSize`. A malformed entry is left out; a malformed reply is an error.
 */
export async function searchTransactionsBefore(
  client: NetworkClient,
  account: Hex,
  before: bigint,
  pageSize: number,
  signal?: AbortSignal,
): Promise<OtterscanPage> {
  let reply: Record<string, unknown> | undefined;
  try {
    reply = record(await nodeRequest(client, 'ots_searchTransactionsBefore', [account, Number(before), pageSize], signal));
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
  if (!reply || !Array.isArray(reply.txs) || !Array.isArray(reply.receipts) || typeof reply.lastPage !== 'boolean') {
    throw new LatchError('The node returned an unreadable transaction history', { category: 'RPC_ERROR' });
  }
  const receipts = new Map<string, NodeReceipt>();
  for (const raw of reply.receipts) {
    const receipt = parseReceipt(raw);
    if (receipt) receipts.set(receipt.transactionHash.toLowerCase(), receipt);
  }
  const entries: OtterscanEntry[] = [];
  for (const raw of reply.txs) {
    const transaction = parseTransaction(raw);
    const receipt = transaction && receipts.get(transaction.hash.toLowerCase());
    if (transaction && receipt && receipt.blockNumber === transaction.blockNumber) entries.push({ transaction, receipt });
  }
  // Nothing readable in a non-empty reply: paging on would silently skip the rest of the history.
  if (entries.length === 0 && reply.txs.length > 0) {
    throw new LatchError('The node returned an unreadable transaction history', { category: 'RPC_ERROR' });
  }
  return { entries, lastPage: reply.lastPage };
}
