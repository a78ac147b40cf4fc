import type { CaipAddress, CaipNetworkId, ChainNamespace } from './types.js';

/*
 * The kernel's primitives: the error family's base class (LatchError) and its helpers, CAIP identifiers, and amounts
 * and their display. They are one module on purpose. Every page's first load holds all three, and lazy chunks share
 * them. The CAIP and amount helpers throw LatchErrors, so as separate modules they would import the error module and
 * run after it; the bundler (Rolldown, under Vite) then refuses to keep the error module in the page's entry script
 * and ships it as a chunk of its own that every page preloads (measured: +308 B gzip on a page with the Ethereum
 * adapter, and the visitor-actions chunk over its budget). As one module nothing is split out.
 *
 * This module imports nothing at run time (a test pins it): an import of another shared module here (the message
 * catalogue, say) would split that module out the same way (a page's first load 87,318 -> 87,215 B gzip once the
 * catalogue import went).
 */

// ---------------------------------------------------------------------------------------------------------------------
// The error family
// ---------------------------------------------------------------------------------------------------------------------

/** The catalogue's UNKNOWN_ERROR_MESSAGE (errors/messages.ts), written out for the reason above; a test pins them equal. */
const UNKNOWN_ERROR_MESSAGE = 'Unknown error';

export type ErrorCategory = 'INTERNAL_SDK_ERROR' | 'API_ERROR' | 'CONNECTOR_ERROR' | 'RPC_ERROR' | 'VALIDATION_ERROR';

export const DEFAULT_ERROR_CATEGORY: ErrorCategory = 'INTERNAL_SDK_ERROR';

export interface LatchErrorOptions {
  category?: ErrorCategory;
  /**
   * The standard numeric code (EIP-1193 / EIP-1474 / EIP-5792) when one applies, else the stable string code a
   * package documents for its own failures (`'rate_limited'`, `'EXPIRED'`).
   */
  code?: number | string;
  cause?: unknown;
}

/**
 * The base of every error a Latch package throws: `category` says where it went wrong, `code` which case it is,
 * `cause` what it wraps. Each package's own errors extend it and keep their own `name` (`FrameError`,
 * `SiwxVerificationError`), so `isLatchError(e)` and `e.category` work on anything an app catches from Latch.
 */
export class LatchError extends Error {
  override readonly name: string = 'LatchError';
  readonly category: ErrorCategory;
  readonly code?: number | string;

  constructor(message: string, options: LatchErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.category = options.category ?? DEFAULT_ERROR_CATEGORY;
    this.code = options.code;
  }
}

/**
 * A caller's mistake: an option or argument outside what its documentation allows (category VALIDATION_ERROR, code
 * `'INVALID_OPTION'`). Every package throws this for a bad option, so an app tells it from a failure at run time.
 */
export function invalidOption(message: string): LatchError {
  return new LatchError(message, { category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });
}

// Property reads are guarded because untrusted values may carry throwing getters or be proxies.
export function readUntrustedProperty(value: unknown, key: string): unknown {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A readable message from an Error, a string, `{ message }` or `{ error: { message } }`; else 'Unknown error'. */
export function readErrorMessage(err: unknown): string {
  return (
    nonEmptyString(err) ??
    nonEmptyString(readUntrustedProperty(err, 'message')) ??
    nonEmptyString(readUntrustedProperty(readUntrustedProperty(err, 'error'), 'message')) ??
    UNKNOWN_ERROR_MESSAGE
  );
}

function integerOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** The numeric `code` of an error or of its JSON-RPC `error` member. */
export function readErrorCode(err: unknown): number | undefined {
  return (
    integerOrUndefined(readUntrustedProperty(err, 'code')) ??
    integerOrUndefined(readUntrustedProperty(readUntrustedProperty(err, 'error'), 'code'))
  );
}

export function isLatchError(err: unknown): err is LatchError {
  try {
    return err instanceof LatchError;
  } catch {
    return false; // a revoked proxy throws on prototype lookup
  }
}

/** Wraps anything thrown into a LatchError; an existing LatchError is returned unchanged. Never throws. */
export function toLatchError(err: unknown, category: ErrorCategory = DEFAULT_ERROR_CATEGORY): LatchError {
  if (isLatchError(err)) return err;
  const code = readErrorCode(err);
  return new LatchError(readErrorMessage(err), {
    category,
    ...(code === undefined ? {} : { code }),
    cause: err,
  });
}

// ---------------------------------------------------------------------------------------------------------------------
// CAIP-2 network ids and CAIP-10 account ids
// ---------------------------------------------------------------------------------------------------------------------

/*
 * CAIP-2 / CAIP-10 grammar (https://chainagnostic.org). The kernel checks the grammar, never a
 * list: a namespace it has never heard of is as good as eip155 once an adapter serves it.
 */
const NAMESPACE = /^[-a-z0-9]{3,8}$/;
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/;
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/;

/** A CAIP-2 chain id split into its parts. */
export interface ParsedCaipNetworkId {
  namespace: ChainNamespace;
  reference: string;
}

/** A CAIP-10 account id split into its parts. */
export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  address: string;
  caipNetworkId: CaipNetworkId;
}

/** Whether a value is a CAIP-2 namespace (`[-a-z0-9]{3,8}`). */
export function isCaipNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && NAMESPACE.test(value);
}

/** Parses `namespace:reference`; undefined unless both parts follow the CAIP-2 grammar. */
export function parseCaipNetworkId(id: string): ParsedCaipNetworkId | undefined {
  if (typeof id !== 'string') return undefined;
  const parts = id.split(':');
  if (parts.length !== 2) return undefined;
  const [namespace, reference] = parts as [string, string];
  if (!NAMESPACE.test(namespace) || !REFERENCE.test(reference)) return undefined;
  return { namespace, reference };
}

/** Parses `namespace:reference:address` (CAIP-10); undefined unless every part follows the grammar. */
export function parseCaipAddress(s: string): ParsedCaipAddress | undefined {
  if (typeof s !== 'string') return undefined;
  const parts = s.split(':');
  if (parts.length !== 3) return undefined;
  const [namespace, reference, address] = parts as [string, string, string];
  if (!NAMESPACE.test(namespace) || !REFERENCE.test(reference) || !ACCOUNT_ADDRESS.test(address)) return undefined;
  return { namespace, reference, address, caipNetworkId: `${namespace}:${reference}` };
}

export function isCaipNetworkId(s: string): s is CaipNetworkId {
  return parseCaipNetworkId(s) !== undefined;
}

/** Joins a CAIP-2 id and an address into a CAIP-10 account id; throws the option error (`invalidOption`) on a malformed part. */
export function formatCaipAddress(caipNetworkId: CaipNetworkId, address: string): CaipAddress {
  const network = parseCaipNetworkId(caipNetworkId);
  if (!network) throw invalidOption(`Invalid CAIP-2 network id "${String(caipNetworkId)}"`);
  if (typeof address !== 'string' || !ACCOUNT_ADDRESS.test(address)) {
    throw invalidOption(`Invalid CAIP-10 account address "${String(address)}" (expected 1 to 128 of [-.%a-zA-Z0-9])`);
  }
  return `${network.namespace}:${network.reference}:${address}`;
}

// ---------------------------------------------------------------------------------------------------------------------
// Amounts and their display
// ---------------------------------------------------------------------------------------------------------------------

/** §9 display formatting. Amounts are handled as decimal strings so large balances never lose digits. */

const MAX_DECIMALS = 255; // ERC-20 decimals is a uint8
const MAX_EXPONENT = 1_000; // bounds the string expansion of inputs like '1e999999999'

interface DecimalParts {
  negative: boolean;
  integer: string;
  fraction: string;
}

/** Splits '12.5', '-0.1', '1e-7' or a finite number into plain digit strings; undefined when malformed. */
function toDecimalParts(value: string | number): DecimalParts | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  if (typeof value !== 'number' && typeof value !== 'string') return undefined;
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d{1,6}))?$/.exec(String(value).trim());
  if (!match) return undefined;
  const [, sign = '', integerDigits = '', fractionDigits = '', exponentText = '0'] = match;
  if (integerDigits === '' && fractionDigits === '') return undefined;
  const exponent = Number(exponentText);
  if (Math.abs(exponent) > MAX_EXPONENT) return undefined;
  const digits = integerDigits + fractionDigits;
  const point = integerDigits.length + exponent;
  const padded = point < 0 ? '0'.repeat(-point) + digits : digits.padEnd(point, '0');
  const splitAt = Math.max(point, 0);
  return {
    negative: sign === '-',
    integer: padded.slice(0, splitAt).replace(/^0+/, '') || '0',
    fraction: padded.slice(splitAt),
  };
}

/** '1234567' → '1,234,567'. */
export function groupThousands(integer: string): string {
  let grouped = '';
  for (let end = integer.length; end > 0; end -= 3) {
    const group = integer.slice(Math.max(end - 3, 0), end);
    grouped = grouped === '' ? group : `${group},${grouped}`;
  }
  return grouped;
}

/** Cuts (never rounds) to `places` fraction digits and groups thousands with ','. */
function truncateDecimal(parts: DecimalParts, places: number): string {
  const fraction = parts.fraction.slice(0, places).padEnd(places, '0');
  const isZero = /^0*$/.test(parts.integer + fraction);
  const body = groupThousands(parts.integer) + (places > 0 ? `.${fraction}` : '');
  return parts.negative && !isZero ? `-${body}` : body;
}

/** §9 transaction quantities: 3 decimals, truncated, thousands grouped ('1,234.567'); '0.000' when malformed. */
export function formatQuantity(numeric: string | number): string {
  const parts = toDecimalParts(numeric);
  return parts ? truncateDecimal(parts, 3) : '0.000';
}

/** §9 balances: 3 decimals, truncated, thousands grouped, optional symbol ('1,234.567 ETH'). */
export function formatBalance(value: string | number, symbol?: string): string {
  const amount = formatQuantity(value);
  return symbol ? `${amount} ${symbol}` : amount;
}

/** §5: what an account shows on a test or unsupported network, where no balance is fetched. */
export const UNFETCHED_BALANCE = '0.00';

/** An account's balance as shown: the unfetched placeholder as it is ('0.00 ETH'), a fetched one at 3 decimals. */
export function formatAccountBalance(balance: string, symbol?: string): string {
  return balance === UNFETCHED_BALANCE ? (symbol ? `${balance} ${symbol}` : balance) : formatBalance(balance, symbol);
}

function assertDecimals(decimals: number): void {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > MAX_DECIMALS) {
    throw invalidOption(`decimals must be an integer from 0 to ${MAX_DECIMALS} (got ${String(decimals)})`);
  }
}

/** Exact base-unit to decimal string: formatUnits(1500000000000000000n, 18) === '1.5'. */
export function formatUnits(value: bigint, decimals: number): string {
  if (typeof value !== 'bigint') throw invalidOption(`formatUnits expects a bigint (got ${typeof value})`);
  assertDecimals(decimals);
  const negative = value < 0n;
  const digits = (negative ? -value : value).toString().padStart(decimals + 1, '0');
  const integer = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  return `${negative ? '-' : ''}${integer}${fraction ? `.${fraction}` : ''}`;
}

/** Exact decimal string to base units; rejects malformed input and digits finer than `decimals`. */
export function parseUnits(value: string, decimals: number): bigint {
  assertDecimals(decimals);
  const match = typeof value === 'string' ? /^(-?)(\d*)(?:\.(\d*))?$/.exec(value) : null;
  const [, sign = '', integer = '', rawFraction = ''] = match ?? [];
  if (!match || (integer === '' && rawFraction === '')) {
    throw invalidOption(`parseUnits: "${String(value)}" is not a plain decimal number`);
  }
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > decimals) {
    throw invalidOption(`parseUnits: "${value}" has more than ${decimals} decimal places`);
  }
  const units = BigInt((integer || '0') + fraction.padEnd(decimals, '0'));
  return sign === '-' ? -units : units;
}

/**
 * §9: keeps the first `start` characters (a 0x prefix counts) and the last `end`:
 * '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' → '0xf3…b92266'. Short strings come back unchanged.
 */
export function truncateAddress(address: string, start = 4, end = 6): string {
  if (typeof address !== 'string') return '';
  const head = Math.max(0, Math.floor(start));
  const tail = Math.max(0, Math.floor(end));
  if (address.length <= head + tail + 1) return address;
  return `${address.slice(0, head)}…${tail > 0 ? address.slice(-tail) : ''}`;
}

/** FNV-1a, 32 bit: a tiny deterministic hash for addresses that are not hex. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** The share of white mixed into the base colour for each of the 5 avatar tints. */
export const AVATAR_TINT_STEPS = [0, 0.15, 0.3, 0.45, 0.6] as const;

/**
 * §9: 5 '#rrggbb' tints of the colour given by the first 6 hex characters of a hex address (after 0x,
 * case-insensitive); other addresses (e.g. Solana base58) are hashed to 6 hex characters instead.
 */
export function avatarColors(address: string): string[] {
  const text = typeof address === 'string' ? address : String(address);
  const hex = /^(?:0x)?([0-9a-f]{6})[0-9a-f]*$/i.exec(text)?.[1];
  const base = hex ?? (fnv1a(text) & 0xffffff).toString(16).padStart(6, '0');
  const channels = [0, 2, 4].map((offset) => parseInt(base.slice(offset, offset + 2), 16));
  return AVATAR_TINT_STEPS.map(
    (white) =>
      `#${channels
        .map((channel) =>
          Math.round(channel + (255 - channel) * white)
            .toString(16)
            .padStart(2, '0'),
        )
        .join('')}`,
  );
}
