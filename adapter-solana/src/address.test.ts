import { base58 } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base58DecodedLength, isSolanaAddress } from './address.js';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';
const WRAPPED_SOL_MINT = 'So11111111111111111111111111111111111111112';
const USDC_MINT = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const EVM_ADDRESS = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('1', 'A', 'z', '0', 'l') }));

describe('isSolanaAddress (§5)', () => {
  it.each([SYSTEM_PROGRAM, WRAPPED_SOL_MINT, USDC_MINT])('accepts %s', (address) => {
    expect(isSolanaAddress(address)).toBe(true);
  });

  it('needs a 32-byte decode, not just 32 to 44 base58 characters', () => {
    expect(base58.decode(SYSTEM_PROGRAM)).toEqual(new Uint8Array(32));
    expect('2'.repeat(32)).toHaveLength(32);
    expect(isSolanaAddress('2'.repeat(32))).toBe(false);
    expect(isSolanaAddress('z'.repeat(44))).toBe(false);
  });

  it.each(['', '1'.repeat(31), '1'.repeat(45), `${WRAPPED_SOL_MINT.slice(0, -1)}0`, `${WRAPPED_SOL_MINT.slice(0, -1)}l`, EVM_ADDRESS])(
    'rejects %j',
    (value) => expect(isSolanaAddress(value)).toBe(false),
  );

  it('accepts the base58 encoding of any 32-byte key (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (key) => {
        expect(isSolanaAddress(base58.encode(key))).toBe(true);
      }),
    );
  });
});

describe('isSolanaAddress on anything', () => {
  it('never throws and rejects EVM addresses', () => {
    fc.assert(
      fc.property(anyString, (value) => {
        expect(typeof isSolanaAddress(value)).toBe('boolean');
      }),
    );
    expect(isSolanaAddress(EVM_ADDRESS)).toBe(false);
    expect(isSolanaAddress(undefined as unknown as string)).toBe(false);
  });
});

describe('base58DecodedLength', () => {
  it('agrees with @scure/base on any bytes and any base58 text (property)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 48 }), (bytes) => {
        expect(base58DecodedLength(base58.encode(bytes))).toBe(bytes.length);
      }),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom(...'123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0OIl'), maxLength: 60 }),
        (text) => {
          let expected: number;
          try {
            expected = base58.decode(text).length;
          } catch {
            expected = -1;
          }
          expect(base58DecodedLength(text)).toBe(expected);
        },
      ),
      { numRuns: 3000 },
    );
  });
});
