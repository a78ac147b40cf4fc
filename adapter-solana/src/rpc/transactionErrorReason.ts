import { readUntrustedProperty, truncateAddress } from '@latch/kernel';

/** What a failed transaction's `err` refers to: the programs its instructions call and its account keys. */
export interface TransactionContext {
  /** The program of each top-level instruction, by index. */
  programs?: readonly (string | undefined)[];
  accountKeys?: readonly string[];
}

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const TOKEN_PROGRAMS = new Set(['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb']);
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hre4ZPoeQj7Nds91MBsLhVcH45';
const RENT_EXEMPT_MINIMUM = '0.00089088 SOL';

// Transaction-level errors a visitor can meet, in words; the rest are spelled out from the variant name.
const TRANSACTION_ERRORS: Readonly<Record<string, string>> = {
  AccountInUse: 'An account it uses was busy in another transaction; try again',
  AccountNotFound: 'The paying account has no SOL',
  InsufficientFundsForFee: 'Not enough SOL to pay the network fee',
  BlockhashNotFound: 'The transaction expired before the network included it',
  AlreadyProcessed: 'This transaction was already processed',
  SignatureFailure: 'A signature is missing or invalid',
  ProgramAccountNotFound: 'It calls a program that does not exist on this network',
  InvalidAccountForFee: 'This account cannot pay network fees',
  WouldExceedMaxBlockCostLimit: 'The network was too busy to include it; try again',
  WouldExceedMaxAccountCostLimit: 'The network was too busy to include it; try again',
};

// Custom error codes of the programs a transfer calls (system: SystemError; SPL Token: TokenError).
const SYSTEM_ERRORS: readonly string[] = [
  'The receiving account already exists',
  'Not enough SOL for this transfer',
  'The account is owned by another program',
  'The account has the wrong size',
];
const TOKEN_ERRORS: readonly string[] = [
  'The token account would not be rent-exempt',
  'Not enough tokens for this transfer',
  'The token mint is invalid',
  'The token accounts hold different tokens',
  'The token account belongs to someone else',
  'The token has a fixed supply',
  'The token account is already in use',
];
const TOKEN_ERROR_EXTRAS: Readonly<Record<number, string>> = {
  17: 'The token account is frozen',
  18: 'The amount has the wrong number of decimals for this token',
};

const INSTRUCTION_ERRORS: Readonly<Record<string, string>> = {
  InsufficientFunds: 'Insufficient funds',
  MissingRequiredSignature: 'A required signature is missing',
  AccountAlreadyInitialized: 'The account already exists',
  UninitializedAccount: 'The account does not exist yet',
  InvalidAccountOwner: 'The account is owned by another program',
  IncorrectProgramId: 'The account is owned by another program',
  ComputationalBudgetExceeded: 'It ran out of compute units',
};

/** 'InsufficientFundsForFee' → 'Insufficient funds for fee'. */
function spellOut(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function integer(value: unknown): number | undefined {
  if (typeof value === 'bigint') return value <= BigInt(Number.MAX_SAFE_INTEGER) && value >= 0n ? Number(value) : undefined;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}

/** The variant name of an enum-like error object; untrusted values may be proxies that throw. */
function firstKey(value: unknown): string | undefined {
  try {
    return typeof value === 'object' && value !== null ? Object.keys(value)[0] : undefined;
  } catch {
    return undefined;
  }
}

function customError(program: string | undefined, code: number): string | undefined {
  if (program === SYSTEM_PROGRAM) return SYSTEM_ERRORS[code];
  if (program && TOKEN_PROGRAMS.has(program)) return TOKEN_ERRORS[code] ?? TOKEN_ERROR_EXTRAS[code];
  if (program === ASSOCIATED_TOKEN_PROGRAM && code === 0) return 'The token account belongs to someone else';
  return undefined;
}

function describeInstructionError(index: number, inner: unknown, context: TransactionContext): string {
  const custom = integer(readUntrustedProperty(inner, 'Custom'));
  if (custom !== undefined) {
    const technical = `instruction ${index}: custom program error 0x${custom.toString(16)}`;
    const known = customError(context.programs?.[index], custom);
    return known ? `${known} (${technical})` : `The transaction failed (${technical})`;
  }
  const name = typeof inner === 'string' ? inner : firstKey(inner);
  if (!name) return `The transaction failed (instruction ${index})`;
  return `${INSTRUCTION_ERRORS[name] ?? spellOut(name)} (instruction ${index}: ${name})`;
}

function accountAt(index: number | undefined, context: TransactionContext): string {
  const key = index === undefined ? undefined : context.accountKeys?.[index];
  return key ? truncateAddress(key, 4, 4) : `#${index ?? '?'}`;
}

/**
 * A transaction error as the RPC reports it (`"InsufficientFundsForFee"`, `{ InstructionError: [1, { Custom: 1 }] }`,
 * `{ InsufficientFundsForRent: { account_index: 1 } }` …) in words a visitor can act on, with the variant kept in
 * parentheses for support. Never throws: an unknown shape still gives a sentence.
 */
export function describeTransactionError(err: unknown, context: TransactionContext = {}): string {
  if (typeof err === 'string') return TRANSACTION_ERRORS[err] ?? spellOut(err);
  const instruction = readUntrustedProperty(err, 'InstructionError');
  if (Array.isArray(instruction)) return describeInstructionError(integer(instruction[0]) ?? 0, instruction[1], context);
  const rent = readUntrustedProperty(err, 'InsufficientFundsForRent');
  if (rent !== undefined) {
    const account = accountAt(integer(readUntrustedProperty(rent, 'account_index')), context);
    return `The transfer would leave account ${account} below the rent-exempt minimum (${RENT_EXEMPT_MINIMUM} for a wallet)`;
  }
  const name = firstKey(err);
  return name ? spellOut(name) : 'The transaction failed';
}
