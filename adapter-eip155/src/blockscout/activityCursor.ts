import { LatchError } from '@latch/kernel';
import { readPageParams, type PageParams } from './request.js';
import type { ActivityEntry } from './transactionEntries.js';
import { isRecord } from './wire.js';

/** Where one Blockscout list stands: its `next_page_params`, whether it ended, the block of its last item. */
export interface FeedState {
  params?: PageParams;
  done: boolean;
  frontier?: number;
}

/**
 * The merge of `/transactions` and `/token-transfers` between two pages: both feeds' serialised
 * `next_page_params`, and the entries already fetched but not yet shown (older than what a feed
 * may still hold). Bound to the account and network it was made for.
 */
export interface ActivityState {
  account: string;
  network: string;
  transactions: FeedState;
  tokenTransfers: FeedState;
  pending: ActivityEntry[];
}

export function initialActivityState(account: string, network: string): ActivityState {
  return { account, network, transactions: { done: false }, tokenTransfers: { done: false }, pending: [] };
}

export function encodeActivityCursor(state: ActivityState): string {
  return JSON.stringify({ v: 1, ...state });
}

function invalid(): LatchError {
  return new LatchError('Invalid activity page cursor', { category: 'VALIDATION_ERROR' });
}

function readFeed(value: unknown): FeedState {
  if (!isRecord(value) || typeof value.done !== 'boolean') throw invalid();
  const params = readPageParams(value.params);
  const frontier = value.frontier;
  if (value.params !== undefined && !params) throw invalid();
  if (frontier !== undefined && !(typeof frontier === 'number' && Number.isSafeInteger(frontier))) throw invalid();
  return { done: value.done, ...(params ? { params } : {}), ...(frontier === undefined ? {} : { frontier }) };
}

function isEntry(value: unknown): value is ActivityEntry {
  return (
    isRecord(value) &&
    typeof value.id === 'string' &&
    typeof value.block === 'number' &&
    typeof value.minedAt === 'string' &&
    typeof value.status === 'string' &&
    typeof value.from === 'string' &&
    typeof value.to === 'string' &&
    Array.isArray(value.transfers)
  );
}

/** The cursor comes back through the UI: one we did not write, or for another account, is refused. */
export function decodeActivityCursor(cursor: string, account: string, network: string): ActivityState {
  let parsed: unknown;
  try {
    parsed = JSON.parse(cursor);
  } catch {
    throw invalid();
  }
  if (!isRecord(parsed) || parsed.v !== 1 || parsed.account !== account || parsed.network !== network) throw invalid();
  if (!Array.isArray(parsed.pending) || !parsed.pending.every(isEntry)) throw invalid();
  return {
    account,
    network,
    transactions: readFeed(parsed.transactions),
    tokenTransfers: readFeed(parsed.tokenTransfers),
    pending: parsed.pending,
  };
}
