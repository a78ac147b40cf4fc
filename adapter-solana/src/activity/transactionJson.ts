import { readUntrustedProperty } from '@latch/kernel';
import { isSolanaAddress } from '../address.js';

/** One SPL token account of a transaction, before or after it (`preTokenBalances` / `postTokenBalances`). */
export interface TokenBalanceEntry {
  accountIndex: number;
  mint: string;
  /** The wallet that owns the token account; very old transactions lack it. */
  owner?: string;
  amount: bigint;
  decimals: number;
}

export interface CompiledInstruction {
  programIndex: number;
  accounts: number[];
  /** base58, as the `json` encoding gives it. */
  data: string;
}

/** What the activity decoders read from a `getTransaction(…, { encoding: 'json' })` reply, validated. */
export interface TransactionRecord {
  /** Unix seconds, or undefined when the node does not know the block's time. */
  blockTime?: number;
  /** The RPC's TransactionError, or null when it succeeded. */
  err: unknown;
  fee: bigint;
  /** Static keys, then the v0 lookup tables' writable and readonly ones: what every index refers to. */
  accountKeys: string[];
  instructions: CompiledInstruction[];
  preBalances: bigint[];
  postBalances: bigint[];
  preTokenBalances: TokenBalanceEntry[];
  postTokenBalances: TokenBalanceEntry[];
}

const U64_MAX = (1n << 64n) - 1n;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]*$/;

/** A u64 as kit hands it over: a bigint, or a safe-integer number where kit keeps numbers. */
export function readU64(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value >= 0n && value <= U64_MAX ? value : undefined;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;
}

export function readIndex(value: unknown): number | undefined {
  const index = readU64(value);
  return index !== undefined && index <= 0xffffn ? Number(index) : undefined;
}

function readAddresses(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.every((key) => typeof key === 'string' && isSolanaAddress(key)) ? (value as string[]) : undefined;
}

function readBalances(value: unknown, length: number): bigint[] | undefined {
  if (!Array.isArray(value) || value.length !== length) return undefined;
  const balances = value.map(readU64);
  return balances.every((balance) => balance !== undefined) ? (balances as bigint[]) : undefined;
}

function readInstruction(value: unknown, keyCount: number): CompiledInstruction | undefined {
  const programIndex = readIndex(readUntrustedProperty(value, 'programIdIndex'));
  const accounts = readUntrustedProperty(value, 'accounts');
  const data = readUntrustedProperty(value, 'data');
  if (programIndex === undefined || programIndex >= keyCount || !Array.isArray(accounts) || typeof data !== 'string') return undefined;
  const indices = accounts.map(readIndex);
  if (!BASE58.test(data) || indices.some((index) => index === undefined || index >= keyCount)) return undefined;
  return { programIndex, accounts: indices as number[], data };
}

function readTokenBalance(value: unknown, keyCount: number): TokenBalanceEntry | undefined {
  const accountIndex = readIndex(readUntrustedProperty(value, 'accountIndex'));
  const mint = readUntrustedProperty(value, 'mint');
  const owner = readUntrustedProperty(value, 'owner');
  const uiTokenAmount = readUntrustedProperty(value, 'uiTokenAmount');
  const amount = readUntrustedProperty(uiTokenAmount, 'amount');
  const decimals = readIndex(readUntrustedProperty(uiTokenAmount, 'decimals'));
  if (accountIndex === undefined || accountIndex >= keyCount || typeof mint !== 'string' || !isSolanaAddress(mint)) return undefined;
  if (typeof amount !== 'string' || !/^\d{1,20}$/.test(amount) || BigInt(amount) > U64_MAX) return undefined;
  if (decimals === undefined || decimals > 255) return undefined;
  const entry: TokenBalanceEntry = { accountIndex, mint, amount: BigInt(amount), decimals };
  if (typeof owner === 'string' && isSolanaAddress(owner)) entry.owner = owner;
  return entry;
}

/** Malformed entries of a list are skipped one by one; a list that is not one counts as empty. */
function readList<T>(value: unknown, read: (item: unknown) => T | undefined): T[] {
  if (!Array.isArray(value)) return [];
  return value.map(read).filter((item): item is T => item !== undefined);
}

/**
 * Validates an untrusted `getTransaction` reply (`json` encoding). Undefined when the reply cannot describe a
 * transaction at all: no meta, keys that are not addresses, balances that do not match the keys.
 */
export function readTransactionJson(reply: unknown): TransactionRecord | undefined {
  const meta = readUntrustedProperty(reply, 'meta');
  const message = readUntrustedProperty(readUntrustedProperty(reply, 'transaction'), 'message');
  const loaded = readUntrustedProperty(meta, 'loadedAddresses');
  const staticKeys = readAddresses(readUntrustedProperty(message, 'accountKeys'));
  const writable = loaded === undefined || loaded === null ? [] : readAddresses(readUntrustedProperty(loaded, 'writable'));
  const readonly = loaded === undefined || loaded === null ? [] : readAddresses(readUntrustedProperty(loaded, 'readonly'));
  if (typeof meta !== 'object' || meta === null || !staticKeys || !writable || !readonly) return undefined;
  const accountKeys = [...staticKeys, ...writable, ...readonly];
  const preBalances = readBalances(readUntrustedProperty(meta, 'preBalances'), accountKeys.length);
  const postBalances = readBalances(readUntrustedProperty(meta, 'postBalances'), accountKeys.length);
  const fee = readU64(readUntrustedProperty(meta, 'fee'));
  const err = readUntrustedProperty(meta, 'err');
  if (!preBalances || !postBalances || fee === undefined || err === undefined || accountKeys.length === 0) return undefined;
  const blockTime = readU64(readUntrustedProperty(reply, 'blockTime'));
  const keyCount = accountKeys.length;
  return {
    ...(blockTime === undefined ? {} : { blockTime: Number(blockTime) }),
    err,
    fee,
    accountKeys,
    instructions: readList(readUntrustedProperty(message, 'instructions'), (item) => readInstruction(item, keyCount)),
    preBalances,
    postBalances,
    preTokenBalances: readList(readUntrustedProperty(meta, 'preTokenBalances'), (item) => readTokenBalance(item, keyCount)),
    postTokenBalances: readList(readUntrustedProperty(meta, 'postTokenBalances'), (item) => readTokenBalance(item, keyCount)),
  };
}
