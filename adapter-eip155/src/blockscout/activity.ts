import { LatchError } from '@latch/kernel';
import type { AccountPageRequest, ActivityService, Page, Transaction } from '@latch/kernel';
import { decodeActivityCursor, encodeActivityCursor, initialActivityState, type ActivityState, type FeedState } from './activityCursor.js';
import { getBlockscoutPage, instanceFor, readInstances, type BlockscoutOptions } from './request.js';
import { entryFromTokenTransfer, entryFromTransaction, mergeEntry, type ActivityEntry, type EntryContext } from './transactionEntries.js';
import { blockOf } from './wire.js';

export interface BlockscoutActivityOptions extends BlockscoutOptions {
  /** Transactions per page, 1 to 50; 20 by default. */
  pageSize?: number;
}

const DEFAULT_PAGE_SIZE = 20;
/** Blockscout pages fetched per feed for one page of ours at most: a busy block cannot stall us forever. */
const MAX_ROUNDS = 4;

type FeedName = 'transactions' | 'tokenTransfers';
const FEEDS = {
  transactions: { path: 'transactions', entryOf: entryFromTransaction },
  tokenTransfers: { path: 'token-transfers', entryOf: entryFromTokenTransfer },
} as const;

/** Entries above this block are complete: no feed can still hold a part of them. */
function completeAbove(state: ActivityState): number {
  let limit = -1;
  for (const feed of [state.transactions, state.tokenTransfers]) {
    if (feed.done) continue;
    if (feed.frontier === undefined) return Number.POSITIVE_INFINITY;
    limit = Math.max(limit, feed.frontier);
  }
  return limit;
}

/** 'mint' only when all the account received was minted to it and it gave nothing (a paid mint is a contract call). */
function operationOf(entry: ActivityEntry): string {
  const directions = new Set(entry.transfers.map((transfer) => transfer.direction));
  const received = entry.transfers.filter((transfer) => transfer.direction === 'in').length;
  const gave = directions.has('out') || directions.has('self');
  if (entry.mints > 0 && entry.mints === received) return gave ? 'execute' : 'mint';
  if (directions.has('in') && directions.has('out')) return 'trade';
  if (directions.has('out') || directions.has('self')) return 'send';
  if (directions.has('in')) return 'receive';
  return entry.method === 'approve' || entry.method === 'setApprovalForAll' ? 'approve' : 'execute';
}

function toTransaction(entry: ActivityEntry, chain: string): Transaction {
  return {
    id: entry.id,
    metadata: {
      minedAt: entry.minedAt,
      chain,
      operationType: operationOf(entry),
      status: entry.status,
      sentFrom: entry.from,
      sentTo: entry.to,
    },
    transfers: entry.transfers,
  };
}

function checkPageSize(pageSize: number | undefined): number {
  if (pageSize === undefined) return DEFAULT_PAGE_SIZE;
  if (!Number.isSafeInteger(pageSize) || pageSize < 1 || pageSize > 50) {
    throw new LatchError(`pageSize must be an integer from 1 to 50 (got ${pageSize})`, { category: 'VALIDATION_ERROR' });
  }
  return pageSize;
}

/**
 * Activity from an integrator's own Blockscout (REST API v2): `/addresses/{hash}/transactions` for
 * native value and status, `/addresses/{hash}/token-transfers` for tokens, merged by transaction and
 * by block, newest first. Requests go to the network's configured base URL only, never at creation.
 */
export function createBlockscoutActivity(options: BlockscoutActivityOptions): ActivityService {
  const bases = readInstances(options.instances);
  const pageSize = checkPageSize(options.pageSize);

  return {
    async getTransactions(request: AccountPageRequest): Promise<Page<Transaction>> {
      const base = instanceFor(bases, request.caipNetworkId);
      if (!/^0x[0-9a-fA-F]{40}$/.test(request.address)) {
        throw new LatchError('Invalid account address', { category: 'VALIDATION_ERROR' });
      }
      const account = request.address.toLowerCase();
      const state = request.cursor
        ? decodeActivityCursor(request.cursor, account, request.caipNetworkId)
        : initialActivityState(account, request.caipNetworkId);
      const context: EntryContext = { account, native: request.network.nativeCurrency };
      const entries = new Map(state.pending.map((entry) => [entry.id, entry]));

      async function advance(name: FeedName): Promise<void> {
        const feed: FeedState = state[name];
        const path = `/api/v2/addresses/${account}/${FEEDS[name].path}`;
        const page = await getBlockscoutPage(base, path, feed.params ?? {}, { fetch: options.fetch, signal: request.signal });
        for (const item of page.items) {
          const entry = FEEDS[name].entryOf(item, context);
          if (entry) mergeEntry(entries, entry);
        }
        const blocks = page.items.map(blockOf).filter((block): block is number => block !== undefined);
        const frontier = blocks.length > 0 ? Math.min(...blocks) : feed.frontier;
        state[name] = { done: !page.next, ...(page.next ? { params: page.next } : {}), ...(frontier === undefined ? {} : { frontier }) };
      }

      const ready = () => [...entries.values()].filter((entry) => entry.block > completeAbove(state));
      for (let round = 0; round < MAX_ROUNDS && ready().length < pageSize; round++) {
        const limit = completeAbove(state);
        const due = (['transactions', 'tokenTransfers'] as const).filter(
          (name) => !state[name].done && (state[name].frontier === undefined || state[name].frontier === limit),
        );
        if (due.length === 0) break;
        await Promise.all(due.map(advance));
      }

      const shown = ready()
        .sort((a, b) => b.block - a.block)
        .slice(0, pageSize);
      for (const entry of shown) entries.delete(entry.id);
      const data = shown.map((entry) => toTransaction(entry, request.caipNetworkId));
      const more = entries.size > 0 || !state.transactions.done || !state.tokenTransfers.done;
      return more ? { data, next: encodeActivityCursor({ ...state, pending: [...entries.values()] }) } : { data };
    },
  };
}
