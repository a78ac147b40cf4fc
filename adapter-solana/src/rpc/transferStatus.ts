import { isSignature, type Signature } from '@solana/kit';
import { LatchError, readUntrustedProperty, toLatchError } from '@latch/kernel';
import type { TransferOutcome } from '@latch/kernel';
import { readTransactionJson } from '../activity/transactionJson.js';
import { abortedError, sleep, throwIfAborted } from './abort.js';
import type { NetworkRpc } from './client.js';
import { describeTransactionError, type TransactionContext } from './transactionErrorReason.js';

/** A blockhash is usable for 150 blocks: once the chain is past them, a transaction not seen yet never lands. */
const BLOCKHASH_VALIDITY_BLOCKS = 150n;

export const TRANSFER_WAIT_DEFAULTS = {
  /** A backstop for a node that stops answering or advancing; expiry is normally detected from the chain first. */
  timeoutMs: 90_000,
  pollIntervalMs: 500,
  /** How often the block height is read to tell whether the transaction can still land. */
  heightCheckIntervalMs: 2_000,
};

export type TransferWaitOptions = Partial<typeof TRANSFER_WAIT_DEFAULTS> & { signal?: AbortSignal };

export const EXPIRED_REASON = 'The transaction expired before the network included it; nothing was sent';

interface SignatureStatus {
  settled: boolean;
  err: unknown;
}

async function readStatus(rpc: NetworkRpc, signature: Signature, searchHistory: boolean, signal?: AbortSignal) {
  const reply = await rpc.getSignatureStatuses([signature], { searchTransactionHistory: searchHistory }).send({ abortSignal: signal });
  const value: unknown = readUntrustedProperty(reply, 'value');
  const status: unknown = Array.isArray(value) ? value[0] : undefined;
  if (status === null) return undefined;
  if (typeof status !== 'object' || status === undefined) {
    throw new LatchError('The node returned an invalid signature status', { category: 'RPC_ERROR' });
  }
  const level = readUntrustedProperty(status, 'confirmationStatus');
  // Nodes older than confirmationStatus report a rooted transaction as `confirmations: null`.
  const rooted = (level === undefined || level === null) && readUntrustedProperty(status, 'confirmations') === null;
  return {
    settled: level === 'confirmed' || level === 'finalized' || rooted,
    err: readUntrustedProperty(status, 'err') ?? null,
  } satisfies SignatureStatus;
}

async function readBlockHeight(rpc: NetworkRpc, signal?: AbortSignal): Promise<bigint> {
  const height: unknown = await rpc.getBlockHeight({ commitment: 'confirmed' }).send({ abortSignal: signal });
  if (typeof height !== 'bigint') throw new LatchError('The node returned an invalid block height', { category: 'RPC_ERROR' });
  return height;
}

/** The programs and keys a failed transaction's error refers to; best effort, the reason reads well without them. */
async function failureContext(rpc: NetworkRpc, signature: Signature, signal?: AbortSignal): Promise<TransactionContext> {
  try {
    const reply = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
      .send({ abortSignal: signal });
    const record = readTransactionJson(reply);
    if (!record) return {};
    return { accountKeys: record.accountKeys, programs: record.instructions.map((i) => record.accountKeys[i.programIndex]) };
  } catch {
    throwIfAborted(signal);
    return {};
  }
}

async function outcomeOf(rpc: NetworkRpc, signature: Signature, status: SignatureStatus, signal?: AbortSignal): Promise<TransferOutcome> {
  if (status.err === null) return { status: 'confirmed' };
  return { status: 'failed', reason: describeTransactionError(status.err, await failureContext(rpc, signature, signal)) };
}

/**
 * Polls `getSignatureStatuses` until the transaction is `confirmed` or `finalized`: confirmed, or failed with
 * its error in words. When the chain has moved 150 blocks past the start without seeing it, its blockhash has
 * expired and it can no longer land: failed, as dropped. A node that stops answering or advancing gives up at
 * `timeoutMs` with an RPC_ERROR.
 */
export async function waitForTransferOutcome(rpc: NetworkRpc, hash: string, options: TransferWaitOptions = {}): Promise<TransferOutcome> {
  const { timeoutMs, pollIntervalMs, heightCheckIntervalMs } = { ...TRANSFER_WAIT_DEFAULTS, ...options };
  const { signal } = options;
  if (typeof hash !== 'string' || !isSignature(hash))
    throw new LatchError('Invalid transaction signature', { category: 'VALIDATION_ERROR' });
  throwIfAborted(signal);
  const deadline = Date.now() + timeoutMs;
  try {
    // The transaction's blockhash is older than this height, so it expires at most 150 blocks above it.
    const startHeight = await readBlockHeight(rpc, signal);
    let lastHeightCheck = Date.now();
    // The first look also searches the node's history, for a transaction older than its recent status cache.
    for (let first = true; ; first = false) {
      const status = await readStatus(rpc, hash, first, signal);
      if (status?.settled) return await outcomeOf(rpc, hash, status, signal);
      if (Date.now() - lastHeightCheck >= heightCheckIntervalMs) {
        lastHeightCheck = Date.now();
        if ((await readBlockHeight(rpc, signal)) > startHeight + BLOCKHASH_VALIDITY_BLOCKS) {
          // One last look, through the node's full history, before calling it dropped.
          const last = await readStatus(rpc, hash, true, signal);
          if (!last) return { status: 'failed', reason: EXPIRED_REASON };
          if (last.settled) return await outcomeOf(rpc, hash, last, signal);
        }
      }
      if (Date.now() + pollIntervalMs > deadline) break;
      await sleep(pollIntervalMs, signal);
    }
  } catch (err) {
    if (signal?.aborted) throw abortedError(signal);
    throw toLatchError(err, 'RPC_ERROR');
  }
  throw new LatchError(`The transaction was not confirmed within ${Math.ceil(timeoutMs / 1000)} s; check it in a block explorer`, {
    category: 'RPC_ERROR',
  });
}
