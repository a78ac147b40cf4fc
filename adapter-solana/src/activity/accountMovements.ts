import type { TokenBalanceEntry, TransactionRecord } from './transactionJson.js';
import { transferInstructions } from './transferInstructions.js';

export type Asset = { kind: 'native' } | { kind: 'token'; mint: string; decimals: number };

/** What a transaction moved for one account, seen from that account. */
export interface Movement {
  asset: Asset;
  direction: 'in' | 'out' | 'self';
  /** In the asset's smallest unit; always positive. */
  amount: bigint;
  /** The other side: a wallet address, or a token account when its owner is unknown. */
  counterparty?: string;
}

type TokenAccount = Pick<TokenBalanceEntry, 'mint' | 'owner' | 'decimals'>;

/** Token accounts by key index, from the balances before and after (an account may exist on one side only). */
function tokenAccounts(record: TransactionRecord): Map<number, TokenAccount> {
  const accounts = new Map<number, TokenAccount>();
  for (const entry of [...record.postTokenBalances, ...record.preTokenBalances]) accounts.set(entry.accountIndex, entry);
  return accounts;
}

/** SOL change of each key, the fee given back to the payer: the fee is not part of what was sent. */
function lamportChanges(record: TransactionRecord): bigint[] {
  return record.postBalances.map((post, index) => post - (record.preBalances[index] ?? post) + (index === 0 ? record.fee : 0n));
}

/** The key whose change is the most extreme in the opposite direction: who received what `owner` sent, or sent what it got. */
function counterpartyOf(changes: ReadonlyMap<string, bigint>, owner: string, sent: boolean): string | undefined {
  let best: [string, bigint] | undefined;
  for (const [key, change] of changes) {
    if (key === owner || (sent ? change <= 0n : change >= 0n)) continue;
    if (!best || (sent ? change > best[1] : change < best[1])) best = [key, change];
  }
  return best?.[0];
}

function nativeFromBalances(record: TransactionRecord, owner: string): Movement[] {
  const changes = lamportChanges(record);
  const byKey = new Map<string, bigint>();
  record.accountKeys.forEach((key, index) => byKey.set(key, (byKey.get(key) ?? 0n) + (changes[index] ?? 0n)));
  const change = byKey.get(owner) ?? 0n;
  if (change === 0n) return [];
  const direction = change > 0n ? 'in' : 'out';
  return [
    {
      asset: { kind: 'native' },
      direction,
      amount: change > 0n ? change : -change,
      counterparty: counterpartyOf(byKey, owner, direction === 'out'),
    },
  ];
}

function tokensFromBalances(record: TransactionRecord, owner: string): Movement[] {
  const changesByMint = new Map<string, { decimals: number; byOwner: Map<string, bigint> }>();
  const add = (entry: TokenBalanceEntry, sign: bigint) => {
    if (!entry.owner) return;
    const mint = changesByMint.get(entry.mint) ?? { decimals: entry.decimals, byOwner: new Map<string, bigint>() };
    mint.byOwner.set(entry.owner, (mint.byOwner.get(entry.owner) ?? 0n) + sign * entry.amount);
    changesByMint.set(entry.mint, mint);
  };
  for (const entry of record.preTokenBalances) add(entry, -1n);
  for (const entry of record.postTokenBalances) add(entry, 1n);
  const movements: Movement[] = [];
  for (const [mint, { decimals, byOwner }] of changesByMint) {
    const change = byOwner.get(owner) ?? 0n;
    if (change === 0n) continue;
    const direction = change > 0n ? 'in' : 'out';
    const counterparty = counterpartyOf(byOwner, owner, direction === 'out');
    movements.push({ asset: { kind: 'token', mint, decimals }, direction, amount: change > 0n ? change : -change, counterparty });
  }
  return movements;
}

function direction(fromOwner: boolean, toOwner: boolean): Movement['direction'] | undefined {
  if (fromOwner && toOwner) return 'self';
  return fromOwner ? 'out' : toOwner ? 'in' : undefined;
}

/** Transfers read from the instructions: all of a failed transaction's attempts, or only the self-transfers of one that landed. */
function fromInstructions(record: TransactionRecord, owner: string, selfOnly: boolean): Movement[] {
  const accounts = tokenAccounts(record);
  const movements: Movement[] = [];
  for (const transfer of transferInstructions(record)) {
    const [fromKey, toKey] = [record.accountKeys[transfer.from] as string, record.accountKeys[transfer.to] as string];
    if (transfer.kind === 'native') {
      const seen = direction(fromKey === owner, toKey === owner);
      if (!seen || (selfOnly && seen !== 'self')) continue;
      const counterparty = seen === 'in' ? fromKey : toKey;
      movements.push({ asset: { kind: 'native' }, direction: seen, amount: transfer.amount, counterparty });
      continue;
    }
    const [source, target] = [accounts.get(transfer.from), accounts.get(transfer.to)];
    const mint = source?.mint ?? target?.mint;
    const decimals = transfer.decimals ?? source?.decimals ?? target?.decimals;
    const sourceOwner = source?.owner ?? record.accountKeys[transfer.authority];
    const seen = direction(sourceOwner === owner, target?.owner === owner);
    if (!mint || decimals === undefined || !seen || (selfOnly && seen !== 'self')) continue;
    const counterparty = seen === 'in' ? sourceOwner : (target?.owner ?? toKey);
    movements.push({ asset: { kind: 'token', mint, decimals }, direction: seen, amount: transfer.amount, counterparty });
  }
  return movements;
}

/**
 * SPL token and SOL movements of `owner` in a transaction. A landed one is read from its balance changes (the
 * fee excluded, so a send shows what the receiver got) plus transfers to oneself; a failed one moved nothing but
 * its fee, so what it attempted is read from its transfer instructions.
 */
export function accountMovements(record: TransactionRecord, owner: string): Movement[] {
  if (record.err !== null) return fromInstructions(record, owner, false);
  // Tokens first: in a token send the SOL that moved is the rent of the receiver's new token account.
  return [...tokensFromBalances(record, owner), ...nativeFromBalances(record, owner), ...fromInstructions(record, owner, true)];
}
