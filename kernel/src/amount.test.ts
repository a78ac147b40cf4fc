import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AMOUNT_MALFORMED_REASON, AMOUNT_REQUIRED_REASON, AMOUNT_ZERO_REASON, parseAmountInput, tooManyDecimalsReason } from './amount.js';
import { formatUnits } from './primitives.js';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

const units = (text: string, decimals: number) => {
  const parsed = parseAmountInput(text, decimals);
  if (!parsed.ok) throw new Error(`expected ${text} to parse, got: ${parsed.reason}`);
  return parsed.units;
};
const reason = (text: string, decimals: number) => {
  const parsed = parseAmountInput(text, decimals);
  return parsed.ok ? `parsed as ${parsed.units}` : parsed.reason;
};

describe('parseAmountInput', () => {
  it('parses exactly at decimals 0, 6, 9 and 18', () => {
    expect(units('7', 0)).toBe(7n);
    expect(units('1.5', 6)).toBe(1_500_000n);
    expect(units('0.000001', 6)).toBe(1n);
    expect(units('0.000000001', 9)).toBe(1n);
    expect(units('2.000000001', 9)).toBe(2_000_000_001n);
    expect(units('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(units('0.000000000000000001', 18)).toBe(1n);
  });

  it('keeps every digit of huge values (no float on the way)', () => {
    expect(units('123456789012345678901234567890.123456789012345678', 18)).toBe(123456789012345678901234567890123456789012345678n);
    const maxUint256 = 2n ** 256n - 1n;
    expect(units(formatUnits(maxUint256, 18), 18)).toBe(maxUint256);
    expect(units('9'.repeat(120), 0)).toBe(BigInt('9'.repeat(120)));
  });

  it('accepts a leading or trailing point, surrounding spaces, trailing zeros and a lone decimal comma', () => {
    expect(units('.5', 18)).toBe(5n * 10n ** 17n);
    expect(units('5.', 6)).toBe(5_000_000n);
    expect(units('  0.25 ', 6)).toBe(250_000n);
    expect(units('1.500000000', 6)).toBe(1_500_000n);
    expect(units('0,5', 6)).toBe(500_000n);
  });

  it('refuses more decimals than the token has, with the limit in the reason', () => {
    expect(reason('0.0000001', 6)).toBe('At most 6 decimal places');
    expect(reason('0.0000000001', 9)).toBe(tooManyDecimalsReason(9));
    expect(reason('1.5', 0)).toBe('This token has no decimals: enter a whole number');
    expect(reason('0.0000000000000000001', 18)).toBe('At most 18 decimal places');
  });

  it('refuses empty, zero and malformed input with a reason to show', () => {
    expect(reason('', 18)).toBe(AMOUNT_REQUIRED_REASON);
    expect(reason('   ', 18)).toBe(AMOUNT_REQUIRED_REASON);
    for (const zero of ['0', '0.0', '.0', '000']) expect(reason(zero, 18)).toBe(AMOUNT_ZERO_REASON);
    for (const bad of ['-1', '+1', '1e18', '1,000.5', '1.2.3', '.', 'abc', '0x10', '1 000', 'Infinity', 'NaN', '１'])
      expect(reason(bad, 18), bad).toBe(AMOUNT_MALFORMED_REASON);
  });

  it('rejects decimals that no token can have, as an option mistake', () => {
    expect(() => parseAmountInput('1', -1)).toThrow(INVALID_OPTION);
    expect(() => parseAmountInput('1', 256)).toThrow(INVALID_OPTION);
    expect(() => parseAmountInput('1', 1.5)).toThrow('decimals must be an integer from 0 to 255 (got 1.5)');
  });

  it('round-trips with formatUnits for any amount and decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 2n ** 256n }), fc.integer({ min: 0, max: 36 }), (amount, decimals) => {
        expect(units(formatUnits(amount, decimals), decimals)).toBe(amount);
      }),
    );
  });
});
