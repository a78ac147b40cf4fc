import { formatUnits } from '@latch/kernel';
import type { NativeCurrency, TransactionTransfer } from '@latch/kernel';
import { addressOf, blockOf, decimalsOf, imageUrlOf, integerOf, isHash, isRecord, isoTimeOf, read, textOf } from './wire.js';

/** One transaction as the two feeds describe it, merged by hash until it is emitted. */
export interface ActivityEntry {
  id: string;
  block: number;
  minedAt: string;
  status: 'confirmed' | 'failed' | 'pending';
  from: string;
  to: string;
  method?: string;
  /** Seen in `/transactions` (its from/to/status are the transaction's own, not a transfer's). */
  fromTransactionFeed: boolean;
  /** How many of `transfers` are tokens minted to the account. */
  mints: number;
  transfers: TransactionTransfer[];
}

export interface EntryContext {
  /** The account, lower-case. */
  account: string;
  native: NativeCurrency;
}

const NFT_TYPES = new Set(['ERC-721', 'ERC-1155', 'ERC-404']);

function directionOf(from: string, to: string, account: string): TransactionTransfer['direction'] {
  const sent = from.toLowerCase() === account;
  const received = to.toLowerCase() === account;
  return sent && received ? 'self' : sent ? 'out' : received ? 'in' : undefined;
}

/** `status` is the receipt's; `result` also knows pending and dropped ones, or carries the error text. */
function statusOf(item: unknown): ActivityEntry['status'] {
  const status = read(item, 'status');
  const result = read(item, 'result');
  if (status === 'ok' || result === 'success') return 'confirmed';
  if (status === 'error') return 'failed';
  if (result === undefined || result === null || result === 'pending' || result === 'awaiting_internal_transactions') return 'pending';
  return 'failed';
}

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The transfer seen from the account, with the other party (its receiver when sent, its sender when received). */
function withDirection(
  transfer: TransactionTransfer,
  direction: TransactionTransfer['direction'],
  from: string,
  to: string,
): TransactionTransfer {
  if (!direction) return transfer;
  const other = direction === 'in' ? from : direction === 'out' ? to : undefined;
  return { direction, ...transfer, ...(other && other !== ZERO_ADDRESS ? { counterparty: other } : {}) };
}

/** An item of `/addresses/{hash}/transactions`; undefined when malformed or not mined yet. */
export function entryFromTransaction(item: unknown, { account, native }: EntryContext): ActivityEntry | undefined {
  const id = read(item, 'hash');
  const block = blockOf(item);
  const minedAt = isoTimeOf(read(item, 'timestamp'));
  const from = addressOf(read(item, 'from'));
  const to = addressOf(read(item, 'to')) ?? addressOf(read(item, 'created_contract')) ?? '';
  const value = integerOf(read(item, 'value'));
  if (!isHash(id) || block === undefined || !minedAt || !from || value === undefined) return undefined;
  const method = textOf(read(item, 'method'));
  const transfers =
    value > 0n
      ? [
          withDirection(
            { fungible_info: { name: native.name, symbol: native.symbol }, quantity: { numeric: formatUnits(value, native.decimals) } },
            directionOf(from, to, account),
            from,
            to,
          ),
        ]
      : [];
  return {
    id,
    block,
    minedAt,
    status: statusOf(item),
    from,
    to,
    ...(method ? { method } : {}),
    fromTransactionFeed: true,
    mints: 0,
    transfers,
  };
}

function fungibleTransfer(token: unknown, total: unknown): TransactionTransfer | undefined {
  const value = integerOf(read(total, 'value'));
  const decimals = decimalsOf(read(total, 'decimals')) ?? decimalsOf(read(token, 'decimals'));
  if (value === undefined || decimals === undefined) return undefined;
  const name = textOf(read(token, 'name'));
  const symbol = textOf(read(token, 'symbol'));
  const icon = imageUrlOf(read(token, 'icon_url'));
  return {
    fungible_info: { ...(name ? { name } : {}), ...(symbol ? { symbol } : {}), ...(icon ? { icon: { url: icon } } : {}) },
    quantity: { numeric: formatUnits(value, decimals) },
  };
}

function nftTransfer(token: unknown, total: unknown, standard: string): TransactionTransfer | undefined {
  const tokenId = integerOf(read(total, 'token_id'));
  if (tokenId === undefined) return undefined;
  const instance = read(total, 'token_instance');
  const collection = textOf(read(token, 'name')) ?? textOf(read(token, 'symbol')) ?? 'NFT';
  const name = textOf(read(instance, 'metadata', 'name')) ?? `${collection} #${tokenId}`;
  const preview = imageUrlOf(read(instance, 'image_url'));
  const amount = standard === 'ERC-721' ? 1n : integerOf(read(total, 'value'));
  if (amount === undefined) return undefined;
  return {
    nft_info: {
      name,
      flags: { is_spam: read(token, 'reputation') === 'scam' },
      ...(preview ? { content: { preview: { url: preview } } } : {}),
    },
    quantity: { numeric: formatUnits(amount, decimalsOf(read(total, 'decimals')) ?? 0) },
  };
}

/**
 * An item of `/addresses/{hash}/token-transfers` as a one-transfer entry. A fungible token flagged
 * scam is left out (the kernel's transfer has a spam flag for NFTs only); a scam NFT is flagged.
 */
export function entryFromTokenTransfer(item: unknown, { account }: EntryContext): ActivityEntry | undefined {
  const id = read(item, 'transaction_hash');
  const block = blockOf(item);
  const minedAt = isoTimeOf(read(item, 'timestamp'));
  const from = addressOf(read(item, 'from'));
  const to = addressOf(read(item, 'to'));
  const token = read(item, 'token');
  const standard = read(token, 'type') ?? read(item, 'token_type');
  // Without its token (Blockscout renders null before it fetched it) an amount cannot be named.
  if (!isHash(id) || block === undefined || !minedAt || !from || !to || !isRecord(token) || typeof standard !== 'string') return undefined;
  const isNft = NFT_TYPES.has(standard);
  if (!isNft && read(token, 'reputation') === 'scam') return undefined;
  const total = read(item, 'total');
  const transfer = isNft ? nftTransfer(token, total, standard) : fungibleTransfer(token, total);
  if (!transfer) return undefined;
  const direction = directionOf(from, to, account);
  return {
    id,
    block,
    minedAt,
    status: 'confirmed', // Blockscout indexes transfers of successful transactions only
    from,
    to,
    fromTransactionFeed: false,
    mints: read(item, 'type') === 'token_minting' && direction === 'in' ? 1 : 0,
    transfers: [withDirection(transfer, direction, from, to)],
  };
}

/** Adds `entry` to `entries`, merging it into an entry of the same transaction; the native transfer stays first. */
export function mergeEntry(entries: Map<string, ActivityEntry>, entry: ActivityEntry): void {
  const known = entries.get(entry.id);
  if (!known) {
    entries.set(entry.id, entry);
    return;
  }
  if (known.fromTransactionFeed && entry.fromTransactionFeed) return; // the same transaction twice
  const own = entry.fromTransactionFeed ? entry : known;
  entries.set(entry.id, {
    ...own,
    fromTransactionFeed: known.fromTransactionFeed || entry.fromTransactionFeed,
    mints: known.mints + entry.mints,
    transfers: entry.fromTransactionFeed ? [...entry.transfers, ...known.transfers] : [...known.transfers, ...entry.transfers],
  });
}
