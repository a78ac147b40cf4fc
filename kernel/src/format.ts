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
    throw new TypeError(`decimals must be an integer from 0 to ${MAX_DECIMALS} (got ${String(decimals)})`);
  }
}

/** Exact base-unit to decimal string: formatUnits(1500000000000000000n, 18) === '1.5'. */
export function formatUnits(value: bigint, decimals: number): string {
  if (typeof value !== 'bigint') throw new TypeError(`formatUnits expects a bigint (got ${typeof value})`);
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
    throw new TypeError(`parseUnits: "${String(value)}" is not a plain decimal number`);
  }
  const fraction = rawFraction.replace(/0+$/, '');
  if (fraction.length > decimals) {
    throw new TypeError(`parseUnits: "${value}" has more than ${decimals} decimal places`);
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
