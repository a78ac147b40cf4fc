/**
 * Helpers of the Send form: what a visitor types into an amount field, checked against a token's
 * decimals, and the texts and links around it. Its own chunk (see vite.config.ts): the account's
 * code uses it, a page's first load does not.
 */
import { formatUnits, groupThousands, invalidOption } from './primitives.js';
import type { CaipNetwork } from './types.js';

export type AmountInput = { ok: true; units: bigint } | { ok: false; reason: string };

export const AMOUNT_REQUIRED_REASON = 'Enter an amount';
export const AMOUNT_MALFORMED_REASON = 'Enter a number such as 1.5';
export const AMOUNT_ZERO_REASON = 'Enter an amount greater than 0';

/** The reason an amount finer than the token allows is refused. */
export function tooManyDecimalsReason(decimals: number): string {
  return decimals === 0 ? 'This token has no decimals: enter a whole number' : `At most ${decimals} decimal places`;
}

/**
 * Parses '1.5', '.5', '1.' or '0,5' (a lone comma is a decimal separator) into the token's smallest
 * unit, exactly (bigint, no float): '1.5' with 18 decimals is 1500000000000000000n. Refuses signs,
 * exponents, grouping, more digits than `decimals` allows and zero, each with a reason to show.
 */
export function parseAmountInput(text: string, decimals: number): AmountInput {
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw invalidOption(`decimals must be an integer from 0 to 255 (got ${String(decimals)})`);
  }
  const trimmed = typeof text === 'string' ? text.trim() : '';
  if (trimmed === '') return { ok: false, reason: AMOUNT_REQUIRED_REASON };
  const normalised = !trimmed.includes('.') && /^\d*,\d*$/.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
  const match = /^(\d*)(?:\.(\d*))?$/.exec(normalised);
  const [, integer = '', rawFraction = ''] = match ?? [];
  if (!match || (integer === '' && rawFraction === '')) return { ok: false, reason: AMOUNT_MALFORMED_REASON };
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > decimals) return { ok: false, reason: tooManyDecimalsReason(decimals) };
  const units = BigInt((integer || '0') + fraction.padEnd(decimals, '0'));
  if (units === 0n) return { ok: false, reason: AMOUNT_ZERO_REASON };
  return { ok: true, units };
}

/** The reason a send beyond the balance is refused. */
export function insufficientBalanceReason(symbol: string): string {
  return `Insufficient ${symbol} balance`;
}

/** The reason a transfer whose network fee does not fit in the native balance is refused. */
export function insufficientForFeeReason(symbol: string, withAmount: boolean): string {
  return `Insufficient ${symbol} balance for ${withAmount ? 'the amount plus ' : ''}the network fee`;
}

/** `<explorer>/tx/<hash>` of a network with an explorer. */
export function transactionExplorerUrl(network: CaipNetwork | undefined, hash: string): string | undefined {
  const base = network?.blockExplorers?.default.url;
  return base ? `${base.replace(/\/$/, '')}/tx/${hash}` : undefined;
}

/**
 * An amount exactly, for a confirmation or a fee: every significant digit, thousands grouped, never cut to §9's 3
 * decimals ('1,234.0001 ETH'; 21000000000000 wei is '0.000021 ETH'). §9's 3 decimals stay for balances.
 */
export function formatExactAmount(units: bigint, decimals: number, symbol?: string): string {
  const text = formatUnits(units, decimals);
  const negative = text.startsWith('-');
  const [integer = '0', fraction] = (negative ? text.slice(1) : text).split('.');
  const body = `${negative ? '-' : ''}${groupThousands(integer)}${fraction ? `.${fraction}` : ''}`;
  return symbol ? `${body} ${symbol}` : body;
}
