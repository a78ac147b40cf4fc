import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatCaipAddress, isCaipNamespace, isCaipNetworkId, LatchError, parseCaipAddress, parseCaipNetworkId } from './primitives.js';

const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom(':', 'a', '1') }));
const chars = (set: string, min: number, max: number) =>
  fc.string({ unit: fc.constantFrom(...set.split('')), minLength: min, maxLength: max });
const LOWER = 'abcdefghijklmnopqrstuvwxyz0123456789-';
const ALNUM = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const namespace = chars(LOWER, 3, 8);
const reference = chars(`${ALNUM}-_`, 1, 32);
const address = chars(`${ALNUM}-.%`, 1, 128);

describe('parseCaipNetworkId (CAIP-2 grammar, no list)', () => {
  it('splits a namespace and reference, known or not', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' });
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    });
    expect(parseCaipNetworkId('near:mainnet')).toEqual({ namespace: 'near', reference: 'mainnet' });
    expect(parseCaipNetworkId('cosmos:cosmoshub-4')).toEqual({ namespace: 'cosmos', reference: 'cosmoshub-4' });
  });

  it.each([
    '',
    'eip155',
    'eip155:',
    ':1',
    'ab:1', // namespace under 3 characters
    'abcdefghi:1', // over 8
    'EIP155:1', // upper case namespace
    'eip_155:1',
    'eip155:1:0xabc',
    'eip155::1',
    'eip155:a/b',
    `eip155:${'a'.repeat(33)}`, // reference over 32
  ])('rejects %j', (id) => {
    expect(parseCaipNetworkId(id)).toBeUndefined();
    expect(isCaipNetworkId(id)).toBe(false);
  });

  it('never throws, even on non-strings', () => {
    fc.assert(fc.property(anyString, (s) => void parseCaipNetworkId(s)));
    expect(parseCaipNetworkId(42 as unknown as string)).toBeUndefined();
  });

  it('accepts exactly the grammar', () => {
    fc.assert(
      fc.property(namespace, reference, (ns, ref) => {
        expect(parseCaipNetworkId(`${ns}:${ref}`)).toEqual({ namespace: ns, reference: ref });
      }),
    );
  });
});

describe('parseCaipAddress (CAIP-10)', () => {
  it('splits an account id', () => {
    expect(parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
      caipNetworkId: 'eip155:1',
    });
    expect(parseCaipAddress('toy:local:toy1qqqq')?.namespace).toBe('toy');
  });

  it.each([
    '',
    'eip155:1',
    'eip155:1:',
    'eip155::0xabc',
    ':1:0xabc',
    'UNKNOWN:1:0xabc',
    'eip155:1:0xabc:extra',
    'eip155:1:0x:',
    'eip155:1:a b',
  ])('rejects %j', (s) => expect(parseCaipAddress(s)).toBeUndefined());

  it('never throws on arbitrary strings', () => {
    fc.assert(fc.property(anyString, (s) => void parseCaipAddress(s)));
    expect(parseCaipAddress(null as unknown as string)).toBeUndefined();
  });

  it('round-trips format → parse', () => {
    fc.assert(
      fc.property(namespace, reference, address, (ns, ref, addr) => {
        const id = `${ns}:${ref}` as const;
        expect(parseCaipAddress(formatCaipAddress(id, addr))).toEqual({ namespace: ns, reference: ref, address: addr, caipNetworkId: id });
      }),
    );
  });
});

describe('formatCaipAddress', () => {
  it('joins the parts with colons', () => {
    expect(formatCaipAddress('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'So11111111111111111111111111111111111111112')).toBe(
      'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:So11111111111111111111111111111111111111112',
    );
  });

  it('throws a LatchError (VALIDATION_ERROR, INVALID_OPTION) naming the malformed part', () => {
    const cases: [string, string, string][] = [
      ['eip155:', '0xabc', 'Invalid CAIP-2 network id "eip155:"'],
      ['E:1', '0xabc', 'Invalid CAIP-2 network id "E:1"'],
      ['eip155:1', '', 'Invalid CAIP-10 account address "" (expected 1 to 128 of [-.%a-zA-Z0-9])'],
      ['eip155:1', 'a:b', 'Invalid CAIP-10 account address "a:b" (expected 1 to 128 of [-.%a-zA-Z0-9])'],
    ];
    for (const [id, address, message] of cases)
      expect(() => formatCaipAddress(id as 'eip155:1', address)).toThrow(
        expect.objectContaining({ constructor: LatchError, category: 'VALIDATION_ERROR', code: 'INVALID_OPTION', message }),
      );
  });
});

describe('isCaipNamespace', () => {
  it('checks the grammar, not a list', () => {
    for (const ns of ['eip155', 'solana', 'polkadot', 'bip122', 'cosmos', 'near', 'toy', 'tezos']) expect(isCaipNamespace(ns)).toBe(true);
    for (const ns of ['', 'ab', 'Near', 'toString1', 'a_b_c', undefined, 42]) expect(isCaipNamespace(ns)).toBe(false);
  });
});
