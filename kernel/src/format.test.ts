import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AVATAR_TINT_STEPS,
  avatarColors,
  formatAccountBalance,
  formatBalance,
  formatQuantity,
  formatUnits,
  isLatchError,
  LatchError,
  parseUnits,
  truncateAddress,
} from './primitives.js';

/** The kernel's option error with exactly `message`: a LatchError, VALIDATION_ERROR, INVALID_OPTION. */
const invalid = (message: string) =>
  expect.objectContaining({ constructor: LatchError, category: 'VALIDATION_ERROR', code: 'INVALID_OPTION', message });
const expectInvalidOption = (run: () => unknown, message: string) => expect(run).toThrow(invalid(message));
describe('formatBalance (§9: 3 decimals, truncated)', () => {
  it.each([
    ['1.23456789', '1.234'],
    ['1.2399', '1.239'],
    ['0.0009', '0.000'],
    ['0.9999', '0.999'],
    ['2', '2.000'],
    ['1234567.8', '1,234,567.800'],
    ['123456789012345678901234567890.987654321', '123,456,789,012,345,678,901,234,567,890.987'],
    ['-1.23456', '-1.234'],
    ['-0.0001', '0.000'],
    ['.5', '0.500'],
    ['007.5', '7.500'],
    ['1e-7', '0.000'],
    ['1.5e3', '1,500.000'],
  ])('%s → %s', (input, expected) => {
    expect(formatBalance(input)).toBe(expected);
  });

  it('formats numbers, including exponent notation, without float rounding up', () => {
    expect(formatBalance(0.1 + 0.2)).toBe('0.300');
    expect(formatBalance(1.9999)).toBe('1.999');
    expect(formatBalance(1e21)).toBe('1,000,000,000,000,000,000,000.000');
    expect(formatBalance(1e-7)).toBe('0.000');
  });

  it('appends the symbol', () => {
    expect(formatBalance('1.23456', 'ETH')).toBe('1.234 ETH');
  });

  it("shows an account's unfetched '0.00' as it is (§5), a fetched zero at 3 decimals (§9)", () => {
    expect(formatAccountBalance('0.00', 'ETH')).toBe('0.00 ETH');
    expect(formatAccountBalance('0.00')).toBe('0.00');
    expect(formatAccountBalance('0', 'ETH')).toBe('0.000 ETH');
    expect(formatAccountBalance('1.23456', 'ETH')).toBe('1.234 ETH');
  });

  it('shows zero for malformed input instead of throwing', () => {
    for (const bad of ['', 'abc', '1.2.3', '1,000', 'NaN', Number.NaN, Number.POSITIVE_INFINITY, '1e99999999']) {
      expect(formatBalance(bad, 'SOL')).toBe('0.000 SOL');
    }
  });

  it('never rounds up: the result never exceeds the input (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 30n }), fc.nat(12), (units, decimals) => {
        const exact = formatUnits(units, decimals);
        const shown = formatBalance(exact).replaceAll(',', '');
        const shownUnits = parseUnits(shown, Math.max(decimals, 3));
        const exactUnits = units * 10n ** BigInt(Math.max(decimals, 3) - decimals);
        expect(shownUnits <= exactUnits).toBe(true);
        expect(exactUnits - shownUnits < 10n ** BigInt(Math.max(decimals, 3) - 3)).toBe(true);
      }),
    );
  });

  it('never throws (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.double()), (value) => {
        expect(typeof formatBalance(value)).toBe('string');
      }),
    );
  });
});

describe('formatQuantity (§9: 3 decimals)', () => {
  it('truncates transaction quantities to 3 decimals', () => {
    expect(formatQuantity('0.123987')).toBe('0.123');
    expect(formatQuantity(42)).toBe('42.000');
    expect(formatQuantity('bad')).toBe('0.000');
  });
});

describe('formatUnits / parseUnits', () => {
  it('convert exactly', () => {
    expect(formatUnits(1_500_000_000_000_000_000n, 18)).toBe('1.5');
    expect(formatUnits(1n, 18)).toBe('0.000000000000000001');
    expect(formatUnits(-1_000_000_001n, 9)).toBe('-1.000000001');
    expect(formatUnits(123n, 0)).toBe('123');
    expect(formatUnits(0n, 8)).toBe('0');
    expect(parseUnits('1.5', 18)).toBe(1_500_000_000_000_000_000n);
    expect(parseUnits('0.000000000000000001', 18)).toBe(1n);
    expect(parseUnits('-2.25', 2)).toBe(-225n);
    expect(parseUnits('.5', 1)).toBe(5n);
    expect(parseUnits('7.', 0)).toBe(7n);
    expect(parseUnits('1.500', 1)).toBe(15n);
    expect(parseUnits('123456789012345678901234567890', 0)).toBe(123456789012345678901234567890n);
  });

  it('parseUnits rejects malformed input with a LatchError (VALIDATION_ERROR, INVALID_OPTION)', () => {
    for (const bad of ['', '.', '-', 'abc', '1.2.3', '1e18', ' 1', '1,5', '0x10', '+-1']) {
      expectInvalidOption(() => parseUnits(bad, 18), `parseUnits: "${bad}" is not a plain decimal number`);
    }
    expectInvalidOption(() => parseUnits(1 as unknown as string, 18), 'parseUnits: "1" is not a plain decimal number');
  });

  it('parseUnits rejects digits finer than the decimals', () => {
    expectInvalidOption(() => parseUnits('1.0000001', 6), 'parseUnits: "1.0000001" has more than 6 decimal places');
    expectInvalidOption(() => parseUnits('0.5', 0), 'parseUnits: "0.5" has more than 0 decimal places');
  });

  it('reject invalid decimals', () => {
    for (const decimals of [-1, 1.5, Number.NaN, 256]) {
      const message = `decimals must be an integer from 0 to 255 (got ${decimals})`;
      expectInvalidOption(() => formatUnits(1n, decimals), message);
      expectInvalidOption(() => parseUnits('1', decimals), message);
    }
    expectInvalidOption(() => formatUnits(1 as unknown as bigint, 18), 'formatUnits expects a bigint (got number)');
  });

  it('round-trip parseUnits(formatUnits(x)) === x (property)', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 2n ** 256n }), fc.nat(255), (value, decimals) => {
        expect(parseUnits(formatUnits(value, decimals), decimals)).toBe(value);
      }),
    );
  });

  it('parseUnits only ever throws a LatchError (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: fc.constantFrom('0', '9', '.', '-') })), (value) => {
        try {
          expect(typeof parseUnits(value, 6)).toBe('bigint');
        } catch (error) {
          expect(isLatchError(error) && error.code).toBe('INVALID_OPTION');
        }
      }),
    );
  });
});

describe('truncateAddress (§9: 4 start, 6 end)', () => {
  it('keeps the first 4 characters (0x counts) and the last 6, joined by …', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe('0xf3…b92266');
    expect(truncateAddress('So11111111111111111111111111111111111111112')).toBe('So11…111112');
  });
  it('takes custom lengths', () => {
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 4, 4)).toBe('0xf3…2266');
    expect(truncateAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', 6, 0)).toBe('0xf39F…');
  });
  it('returns short strings unchanged', () => {
    expect(truncateAddress('0x123456789')).toBe('0x123456789');
    expect(truncateAddress('alice.eth')).toBe('alice.eth');
    expect(truncateAddress('')).toBe('');
  });
  it('truncates as soon as it saves a character', () => {
    expect(truncateAddress('0x1234567890')).toBe('0x12…567890');
  });
  it('never lengthens its input (property)', () => {
    fc.assert(
      fc.property(fc.string(), fc.nat(10), fc.nat(10), (address, start, end) => {
        expect(truncateAddress(address, start, end).length).toBeLessThanOrEqual(address.length);
      }),
    );
  });
});

describe('avatarColors (§9: 5 tints of the first 6 hex characters)', () => {
  it('uses the first 6 hex characters after 0x, lower-cased, mixed toward white', () => {
    expect(AVATAR_TINT_STEPS).toEqual([0, 0.15, 0.3, 0.45, 0.6]);
    expect(avatarColors('0xFF0080aabbccddeeff00112233445566778899aa')).toEqual(['#ff0080', '#ff2693', '#ff4da6', '#ff73b9', '#ff99cc']);
  });
  it('ignores everything after the 6th hex character', () => {
    expect(avatarColors('0x123456ffffffffffffffffffffffffffffffffff')).toEqual(avatarColors('0x1234560000000000000000000000000000000000'));
  });
  it('tints get lighter on every channel', () => {
    const colors = avatarColors('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed');
    expect(colors[0]).toBe('#5aaeb6');
    const channels = colors.map((c) => [1, 3, 5].map((i) => parseInt(c.slice(i, i + 2), 16)));
    for (let i = 1; i < channels.length; i++) {
      channels[i]!.forEach((value, c) => expect(value).toBeGreaterThanOrEqual(channels[i - 1]![c]!));
    }
  });
  it('hashes non-hex addresses deterministically', () => {
    const solana = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
    expect(avatarColors(solana)).toEqual(avatarColors(solana));
    expect(avatarColors(solana)).not.toEqual(avatarColors('So11111111111111111111111111111111111111112'));
    expect(avatarColors('')).toHaveLength(5);
  });
  it('always returns 5 #rrggbb colours and never throws (property)', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.string({ unit: 'binary' })), (address) => {
        const colors = avatarColors(address);
        expect(colors).toHaveLength(5);
        for (const color of colors) expect(color).toMatch(/^#[0-9a-f]{6}$/);
      }),
    );
  });
});
