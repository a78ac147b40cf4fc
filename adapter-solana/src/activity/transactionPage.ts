import { address, isSignature, type Signature } from '@solana/kit';
import { LatchError, readUntrustedProperty, toLatchError } from '@latch/kernel';
import type { AccountPageRequest, Page, Transaction } from '@latch/kernel';
import { abortedError, throwIfAborted } from '../rpc/abort.js';
import type { NetworkRpc } from '../rpc/client.js';
import { tokensFor, type SolanaTokenConfig } from '../tokens.js';
import { toTransaction } from './toTransaction.js';
import { readTransactionJson, readU64 } from './transactionJson.js';

/** Transactions per Activity page. */
export const ACTIVITY_PAGE_SIZE = 20;
/** getTransaction requests in flight at once: public nodes rate-limit bursts. */
export const ACTIVITY_CONCURRENCY = 4;

interface ListedSignature {
  signature: Signature;
  blockTime?: number;
}

function readListed(item: unknown): ListedSignature | undefined {
  const signature = readUntrustedProperty(item, 'signature');
  if (typeof signature !== 'string' || !isSignature(signature)) return undefined;
  const blockTime = readU64(readUntrustedProperty(item, 'blockTime'));
  return blockTime === undefined ? { signature } : { signature, blockTime: Number(blockTime) };
}

/** Runs `work` over `items` with at most `limit` at a time, keeping the order of the results. */
async function mapConcurrently<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

async function listSignatures(rpc: NetworkRpc, owner: string, cursor: Signature | undefined, signal?: AbortSignal) {
  const reply: unknown = await rpc
    .getSignaturesForAddress(address(owner), { limit: ACTIVITY_PAGE_SIZE + 1, ...(cursor ? { before: cursor } : {}) })
    .send({ abortSignal: signal });
  if (!Array.isArray(reply)) throw new LatchError('The node returned an invalid signature list', { category: 'RPC_ERROR' });
  // One more than a page is asked for, so the last page is known without an empty extra request.
  const page = reply.slice(0, ACTIVITY_PAGE_SIZE);
  const listed = [...new Map(page.map(readListed).flatMap((item) => (item ? [[item.signature, item] as const] : []))).values()];
  const next = reply.length > ACTIVITY_PAGE_SIZE ? listed.at(-1)?.signature : undefined;
  return { listed, next };
}

/**
 * One Activity page read from the network's own node, no indexer: `getSignaturesForAddress` (newest first,
 * paged with `before` = the cursor, the last signature of the previous page), then `getTransaction` for each,
 * decoded for the account. A signature the node cannot describe is skipped; a node error fails the page.
 */
export async function readTransactionPage(
  rpc: NetworkRpc,
  request: AccountPageRequest,
  tokenConfig: SolanaTokenConfig | undefined,
): Promise<Page<Transaction>> {
  const { address: owner, cursor, network, signal } = request;
  if (cursor !== undefined && !isSignature(cursor)) throw new LatchError('Invalid activity cursor', { category: 'VALIDATION_ERROR' });
  throwIfAborted(signal);
  const tokens = new Map(tokensFor(tokenConfig, network).map((token) => [token.mint, token]));
  try {
    const { listed, next } = await listSignatures(rpc, owner, cursor, signal);
    const replies = await mapConcurrently(listed, ACTIVITY_CONCURRENCY, ({ signature }) =>
      rpc
        .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0, commitment: 'confirmed' })
        .send({ abortSignal: signal }),
    );
    const data = listed.flatMap(({ signature, blockTime }, index) => {
      const record = readTransactionJson(replies[index]);
      const transaction = record && toTransaction(record, { signature, owner, chain: request.caipNetworkId, network, tokens, blockTime });
      return transaction ? [transaction] : [];
    });
    return next ? { data, next } : { data };
  } catch (err) {
    if (signal?.aborted) throw abortedError(signal);
    throw toLatchError(err, 'RPC_ERROR');
  }
}
