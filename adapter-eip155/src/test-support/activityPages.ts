import type { AccountPageRequest, CaipNetwork, ChainAdapter, Page, Transaction } from '@latch/kernel';
import type { ExpectedEntry } from './activityHistory.js';

/** A transaction reduced to what the expectations list. */
export function summarise(transaction: Transaction) {
  return {
    hash: transaction.id,
    operationType: transaction.metadata.operationType,
    status: transaction.metadata.status,
    transfers: transaction.transfers.map((transfer) => ({
      direction: transfer.direction,
      ...(transfer.fungible_info?.symbol ? { symbol: transfer.fungible_info.symbol } : {}),
      ...(transfer.nft_info?.name ? { nft: transfer.nft_info.name } : {}),
      numeric: transfer.quantity.numeric,
      ...(transfer.counterparty ? { counterparty: transfer.counterparty } : {}),
    })),
  };
}

export const expectedSummary = ({ hash, operationType, status, transfers }: ExpectedEntry) => ({ hash, operationType, status, transfers });

/** Every page from the first, following `next`; fails past `maxPages` (a cursor that never ends). */
export async function readAllPages(adapter: ChainAdapter, network: CaipNetwork, address: string, maxPages = 50) {
  const pages: Page<Transaction>[] = [];
  let cursor: string | undefined;
  do {
    const request: AccountPageRequest = { address, caipNetworkId: network.caipNetworkId, network, ...(cursor ? { cursor } : {}) };
    const page = await adapter.capabilities!.activity!.getTransactions(request);
    pages.push(page);
    cursor = page.next;
    if (pages.length > maxPages) throw new Error('paging did not end');
  } while (cursor);
  return pages;
}
