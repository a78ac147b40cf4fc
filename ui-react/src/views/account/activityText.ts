import { formatQuantity, type Transaction, type TransactionTransfer } from '@latch/kernel';

const OPERATION_TITLES: Readonly<Record<string, string>> = {
  send: 'Sent',
  receive: 'Received',
  execute: 'Contract call',
  mint: 'Minted',
  burn: 'Burned',
  approve: 'Approved',
  trade: 'Swapped',
  deposit: 'Deposited',
  withdraw: 'Withdrawn',
  self: 'Sent to self',
};

export function operationTitle(operationType: string): string {
  const known = OPERATION_TITLES[operationType.toLowerCase()];
  if (known) return known;
  const text = operationType.replace(/[_-]+/g, ' ').trim();
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : 'Transaction';
}

/** The transfer's direction as the provider gives it, else from who sent the transaction. */
export function directionOf(transaction: Transaction, transfer: TransactionTransfer | undefined, account: string): 'in' | 'out' | 'self' {
  if (transfer?.direction) return transfer.direction;
  const from = transaction.metadata.sentFrom.toLowerCase();
  const to = transaction.metadata.sentTo.toLowerCase();
  const me = account.toLowerCase();
  if (from === me && to === me) return 'self';
  return from === me ? 'out' : 'in';
}

/** '+1.500 LDT', '-0.010 ETH' (§9: 3 decimals), or an NFT's name. */
export function transferText(transfer: TransactionTransfer, direction: 'in' | 'out' | 'self'): string {
  if (transfer.nft_info) return transfer.nft_info.name ?? 'NFT';
  const sign = direction === 'in' ? '+' : direction === 'out' ? '-' : '';
  const symbol = transfer.fungible_info?.symbol ?? '';
  return `${sign}${formatQuantity(transfer.quantity.numeric)}${symbol ? ` ${symbol}` : ''}`;
}

/** §3: grouped by year then month, newest first; each group's heading in the visitor's language. */
export function groupByMonth(transactions: readonly Transaction[]): { key: string; label: string; items: Transaction[] }[] {
  const groups = new Map<string, { key: string; label: string; items: Transaction[] }>();
  const label = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });
  for (const transaction of transactions) {
    const date = new Date(transaction.metadata.minedAt);
    const valid = !Number.isNaN(date.getTime());
    const key = valid ? `${date.getFullYear()}-${String(date.getMonth()).padStart(2, '0')}` : 'unknown';
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { key, label: valid ? label.format(date) : 'Date unknown', items: [] }));
    group.items.push(transaction);
  }
  return [...groups.values()].sort((a, b) => (a.key === 'unknown' ? 1 : b.key === 'unknown' ? -1 : b.key.localeCompare(a.key)));
}
