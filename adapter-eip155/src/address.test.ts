import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isEvmAddress, toChecksumAddress } from './address.js';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

// Test vectors from EIP-55.
const EIP55_MIXED_CASE = [
  '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
  '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
  '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb',
];
const EIP55_ALL_CAPS = ['0x52908400098527886E0F7030069857D2E4169EE7', '0x8617E340B3D01FA5F11F306F4090FD50E238070D'];
const EIP55_ALL_LOWER = ['0xde709f2102306220921060314715629080e2fb77', '0x27b1fdb04752bbc536007a920d24acb045561c26'];
const EIP55_VECTORS = [...EIP55_MIXED_CASE, ...EIP55_ALL_CAPS, ...EIP55_ALL_LOWER];

const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('0', 'x', 'a', 'A', 'z', '1') }));
const hex20 = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((bytes) => Buffer.from(bytes).toString('hex'));

function flipCase(char: string): string {
  return char === char.toLowerCase() ? char.toUpperCase() : char.toLowerCase();
}

describe('toChecksumAddress (EIP-55)', () => {
  it.each(EIP55_VECTORS)('reproduces %s', (vector) => {
    expect(toChecksumAddress(vector.toLowerCase())).toBe(vector);
    expect(toChecksumAddress(vector.slice(2).toUpperCase())).toBe(vector);
  });

  it('throws an INVALID_OPTION LatchError on anything but 40 hex characters', () => {
    expect(() => toChecksumAddress('0x123')).toThrow(INVALID_OPTION);
    expect(() => toChecksumAddress(`0x${'g'.repeat(40)}`)).toThrow(/Not an EVM address/);
  });
});

describe('isEvmAddress (§5)', () => {
  it.each(EIP55_VECTORS)('accepts the EIP-55 vector %s', (vector) => {
    expect(isEvmAddress(vector)).toBe(true);
    expect(isEvmAddress(vector)).toBe(true);
  });

  it('accepts single-case addresses with or without 0x', () => {
    const lower = EIP55_MIXED_CASE[0]!.toLowerCase();
    expect(isEvmAddress(lower)).toBe(true);
    expect(isEvmAddress(lower.slice(2))).toBe(true);
    expect(isEvmAddress(`0x${lower.slice(2).toUpperCase()}`)).toBe(true);
  });

  it('rejects mixed case that breaks the checksum', () => {
    for (const vector of EIP55_MIXED_CASE) {
      const at = vector.search(/[a-f][^a-f]*$/i);
      const broken = vector.slice(0, at) + flipCase(vector.charAt(at)) + vector.slice(at + 1);
      expect(broken).not.toBe(vector);
      expect(isEvmAddress(broken)).toBe(false);
    }
    expect(isEvmAddress(EIP55_MIXED_CASE[0]!.slice(2))).toBe(true);
    expect(isEvmAddress('5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')).toBe(false);
  });

  it.each(['', '0x', `0x${'a'.repeat(39)}`, `0x${'a'.repeat(41)}`, `0X${'a'.repeat(40)}`, `0x${'g'.repeat(40)}`, ` 0x${'a'.repeat(40)}`])(
    'rejects %j',
    (value) => expect(isEvmAddress(value)).toBe(false),
  );

  it('accepts every checksummed, lower-case and upper-case address (property)', () => {
    fc.assert(
      fc.property(hex20, (hex) => {
        expect(isEvmAddress(toChecksumAddress(hex))).toBe(true);
        expect(isEvmAddress(hex)).toBe(true);
        expect(isEvmAddress(`0x${hex.toUpperCase()}`)).toBe(true);
      }),
    );
  });

  it('rejects a checksummed address with one letter flipped when the result is mixed case (property)', () => {
    fc.assert(
      fc.property(hex20, fc.nat(), (hex, seed) => {
        const checksummed = toChecksumAddress(hex);
        const letters = [...checksummed.slice(2)].flatMap((char, i) => (/[a-f]/i.test(char) ? [i + 2] : []));
        fc.pre(letters.length > 0);
        const at = letters[seed % letters.length]!;
        const broken = checksummed.slice(0, at) + flipCase(checksummed.charAt(at)) + checksummed.slice(at + 1);
        const body = broken.slice(2);
        fc.pre(body !== body.toLowerCase() && body !== body.toUpperCase());
        expect(isEvmAddress(broken)).toBe(false);
      }),
    );
  });
});

describe('isEvmAddress on anything', () => {
  it('never throws, and rejects Solana addresses', () => {
    fc.assert(
      fc.property(anyString, (value) => {
        expect(typeof isEvmAddress(value)).toBe('boolean');
      }),
    );
    expect(isEvmAddress('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v')).toBe(false);
    expect(isEvmAddress(undefined as unknown as string)).toBe(false);
  });
});
