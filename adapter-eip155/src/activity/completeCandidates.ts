import { nodeRequest } from '../nodeRequest.js';
import { parseBlockTimestamp, parseReceipt, parseTransaction, type NodeReceipt, type NodeTransaction } from '../nodeShapes.js';
import { toHexQuantity } from '../provider.js';
import type { NetworkClient } from '../rpc/client.js';
import type { Candidate } from './candidates.js';

export interface MinedTransaction {
  transaction: NodeTransaction;
  receipt: NodeReceipt;
  /** Seconds. */
  timestamp: number;
}

// Enough to fill a page quickly without flooding a public RPC.
const CONCURRENCY = 6;

async function mapLimited<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, items.length) }, worker));
  return results;
}

/**
 * Every candidate with its transaction, receipt and block time: what the search did not carry is
 * fetched. A candidate the node cannot describe consistently is left out; an abort rejects.
 */
export async function completeCandidates(
  client: NetworkClient,
  candidates: readonly Candidate[],
  signal?: AbortSignal,
): Promise<MinedTransaction[]> {
  const ask = (method: string, params: unknown[]) =>
    nodeRequest(client, method, params, signal).catch((err: unknown) => {
      if (signal?.aborted) throw err;
      return undefined;
    });
  const withReceipts = await mapLimited(candidates, async (candidate) => {
    const transaction = candidate.transaction ?? parseTransaction(await ask('eth_getTransactionByHash', [candidate.hash]));
    const receipt = candidate.receipt ?? parseReceipt(await ask('eth_getTransactionReceipt', [candidate.hash]));
    const consistent =
      transaction &&
      receipt &&
      transaction.hash.toLowerCase() === candidate.hash.toLowerCase() &&
      receipt.transactionHash.toLowerCase() === candidate.hash.toLowerCase() &&
      transaction.blockNumber === receipt.blockNumber;
    return consistent ? { transaction, receipt } : undefined;
  });
  const blockTimes = new Map<bigint, Promise<number | undefined>>();
  const timeOf = (block: bigint) => {
    let time = blockTimes.get(block);
    if (!time) blockTimes.set(block, (time = ask('eth_getBlockByNumber', [toHexQuantity(block), false]).then(parseBlockTimestamp)));
    return time;
  };
  const mined = await mapLimited(withReceipts, async (entry) => {
    if (!entry) return undefined;
    const timestamp = entry.receipt.timestamp ?? (await timeOf(entry.receipt.blockNumber));
    return timestamp === undefined ? undefined : { ...entry, timestamp };
  });
  return mined.filter((entry): entry is MinedTransaction => entry !== undefined);
}
