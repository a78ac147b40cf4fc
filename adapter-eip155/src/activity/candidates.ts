import { LatchError, isLatchError, toLatchError } from '@latch/kernel';
import { nodeRequest } from '../nodeRequest.js';
import { readQuantity, type Hex, type NodeReceipt, type NodeTransaction } from '../nodeShapes.js';
import type { NetworkClient } from '../rpc/client.js';
import type { ResolvedActivityOptions } from './options.js';
import { searchTransactionsBefore } from './otterscan.js';
import { readTransferLogs } from './transferLogs.js';

/** A transaction that belongs on the page; what the search did not bring along is fetched later. */
export interface Candidate {
  hash: Hex;
  blockNumber: bigint;
  transaction?: NodeTransaction;
  receipt?: NodeReceipt;
}

export interface CandidatePage {
  candidates: Candidate[];
  /** The block the next page starts below; absent on the last page. */
  next?: bigint;
}

export interface CandidateQuery {
  client: NetworkClient;
  /** Lowercase. */
  account: Hex;
  /** Only blocks below this one; undefined for the newest blocks. */
  before?: bigint;
  options: ResolvedActivityOptions;
  /** Token contracts whose `Transfer` logs count; undefined for all. */
  contracts?: readonly Hex[];
  signal?: AbortSignal;
}

async function latestBlock(client: NetworkClient, signal?: AbortSignal): Promise<bigint> {
  const reply = await nodeRequest(client, 'eth_blockNumber', [], signal).catch((err: unknown) => {
    throw toLatchError(err, 'RPC_ERROR');
  });
  const block = readQuantity(reply);
  if (block === undefined) throw new LatchError('The node returned an unreadable block number', { category: 'RPC_ERROR' });
  return block;
}

/**
 * With Otterscan: the node's own search (transactions the account sent or was called in), plus the
 * `Transfer` logs to or from it over the same blocks (tokens received never call the account).
 */
export async function otterscanCandidates(query: CandidateQuery): Promise<CandidatePage> {
  const { client, account, options, signal } = query;
  const start = query.before ?? (await latestBlock(client, signal)) + 1n;
  const page = await searchTransactionsBefore(client, account, start, options.pageSize, signal);
  const blocks = page.entries.map((entry) => entry.transaction.blockNumber);
  const oldest = blocks.reduce((min, block) => (block < min ? block : min), start);
  const reachedFirstBlock = page.lastPage || page.entries.length === 0 || oldest <= 1n;
  const fromBlock = reachedFirstBlock ? 0n : oldest;
  // Token transfers complete the page; without them the node's own list is still worth showing.
  const logs = await readTransferLogs(client, { account, fromBlock, toBlock: start - 1n, contracts: query.contracts }, signal).catch(
    (err: unknown) => {
      if (signal?.aborted && isLatchError(err)) throw err;
      return [];
    },
  );
  const candidates = new Map<string, Candidate>();
  for (const { transaction, receipt } of page.entries) {
    candidates.set(transaction.hash.toLowerCase(), { hash: transaction.hash, blockNumber: transaction.blockNumber, transaction, receipt });
  }
  for (const log of logs) {
    const key = log.transactionHash.toLowerCase();
    if (!candidates.has(key)) candidates.set(key, { hash: log.transactionHash, blockNumber: log.blockNumber });
  }
  return { candidates: [...candidates.values()], ...(reachedFirstBlock ? {} : { next: oldest }) };
}

/**
 * Without Otterscan: `Transfer` logs to or from the account, window by window, newest first, until
 * about a page is found. Whole blocks only: a page that found too many ends at a block boundary.
 */
export async function logCandidates(query: CandidateQuery): Promise<CandidatePage> {
  const { client, account, options, signal } = query;
  let high = query.before === undefined ? await latestBlock(client, signal) : query.before - 1n;
  let low = high + 1n;
  const found = new Map<string, Candidate>();
  for (let window = 0; window < options.logWindowsPerPage && high >= 0n && found.size < options.pageSize; window++) {
    low = high - options.logBlockRange + 1n > 0n ? high - options.logBlockRange + 1n : 0n;
    const logs = await readTransferLogs(client, { account, fromBlock: low, toBlock: high, contracts: query.contracts }, signal);
    for (const log of logs) found.set(log.transactionHash.toLowerCase(), { hash: log.transactionHash, blockNumber: log.blockNumber });
    high = low - 1n;
  }
  const newestFirst = [...found.values()].sort((a, b) => (a.blockNumber === b.blockNumber ? 0 : a.blockNumber > b.blockNumber ? -1 : 1));
  const lastKept = newestFirst[options.pageSize - 1];
  if (newestFirst.length > options.pageSize && lastKept) {
    const boundary = lastKept.blockNumber;
    const candidates = newestFirst.filter((candidate) => candidate.blockNumber >= boundary);
    return { candidates, ...(boundary > 0n ? { next: boundary } : {}) };
  }
  return { candidates: newestFirst, ...(low > 0n ? { next: low } : {}) };
}
