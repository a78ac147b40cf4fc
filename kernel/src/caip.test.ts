import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCaipAddress,
  formatCaipNetworkId,
  isCaipAddress,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
} from './caip.js';
import { CHAIN_NAMESPACES } from './types.js';
import type { ChainNamespace } from './types.js';

const anyString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'binary' }),
  fc.string({ unit: fc.constantFrom(':', 'a', '1') }),
);
const namespace = fc.constantFrom(...CHAIN_NAMESPACES);
const part = fc.string({ minLength: 1, unit: 'binary' }).filter((s) => !s.includes(':'));

describe('parseCaipNetworkId', () => {
  it('splits a known namespace and reference', () => {
    expect(parseCaipNetworkId('eip155:1')).toEqual({ namespace: 'eip155', reference: '1' });
    expect(parseCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    });
  });

  it.each(['', 'eip155', 'eip155:', ':1', 'foo:1', 'EIP155:1', 'eip155:1:0xabc', 'eip155::1'])('rejects %j', (id) => {
    expect(parseCaipNetworkId(id)).toBeUndefined();
    expect(isCaipNetworkId(id)).toBe(false);
  });

  it('never throws, even on non-strings', () => {
    fc.assert(fc.property(anyString, (s) => void parseCaipNetworkId(s)));
    expect(parseCaipNetworkId(42 as unknown as string)).toBeUndefined();
  });
});

describe('parseCaipAddress (§5: exactly 3 non-empty parts, known namespace)', () => {
  it('splits a CAIP-10 account id', () => {
    expect(parseCaipAddress('eip155:1:0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb')).toEqual({
      namespace: 'eip155',
      reference: '1',
      address: '0xab16a96D359eC26a11e2C2b3d8f8B8942d5Bfcdb',
      caipNetworkId: 'eip155:1',
    });
  });

  it.each([
    '',
    'eip155:1',
    'eip155:1:',
    'eip155::0xabc',
    ':1:0xabc',
    'unknown:1:0xabc',
    'eip155:1:0xabc:extra',
    'eip155:1:0x:',
  ])('rejects %j', (s) => {
    expect(parseCaipAddress(s)).toBeUndefined();
    expect(isCaipAddress(s)).toBe(false);
  });

  it('accepts every known namespace', () => {
    for (const ns of CHAIN_NAMESPACES) expect(isCaipAddress(`${ns}:ref:addr`)).toBe(true);
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(fc.property(anyString, (s) => void parseCaipAddress(s)));
    expect(parseCaipAddress(null as unknown as string)).toBeUndefined();
  });

  it('round-trips format → parse', () => {
    fc.assert(
      fc.property(namespace, part, part, (ns, reference, address) => {
        const id = formatCaipNetworkId(ns, reference);
        expect(parseCaipNetworkId(id)).toEqual({ namespace: ns, reference });
        expect(parseCaipAddress(formatCaipAddress(id, address))).toEqual({
          namespace: ns,
          reference,
          address,
          caipNetworkId: id,
        });
      }),
    );
  });
});

describe('formatters', () => {
  it('join the parts with colons', () => {
    expect(formatCaipNetworkId('eip155', '137')).toBe('eip155:137');
    expect(
      formatCaipAddress('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'So11111111111111111111111111111111111111112'),
    ).toBe('solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:So11111111111111111111111111111111111111112');
  });

  it('throw a TypeError on an unknown namespace', () => {
    expect(() => formatCaipNetworkId('ethereum' as ChainNamespace, '1')).toThrow(TypeError);
    expect(() => formatCaipNetworkId('ethereum' as ChainNamespace, '1')).toThrow(/Unknown chain namespace "ethereum"/);
    expect(() => formatCaipAddress('ethereum:1' as 'eip155:1', '0xabc')).toThrow(TypeError);
  });

  it('throw a TypeError on empty parts or parts containing a colon', () => {
    expect(() => formatCaipNetworkId('eip155', '')).toThrow(/non-empty/);
    expect(() => formatCaipNetworkId('eip155', '1:2')).toThrow(/must not contain ':'/);
    expect(() => formatCaipAddress('eip155:1', '')).toThrow(TypeError);
    expect(() => formatCaipAddress('eip155:1', 'a:b')).toThrow(TypeError);
    expect(() => formatCaipAddress('eip155:' as 'eip155:1', '0xabc')).toThrow(/Invalid CAIP-2/);
  });
});

describe('isChainNamespace', () => {
  it('knows exactly CHAIN_NAMESPACES', () => {
    for (const ns of CHAIN_NAMESPACES) expect(isChainNamespace(ns)).toBe(true);
    expect(isChainNamespace('near')).toBe(false);
    expect(isChainNamespace('toString')).toBe(false);
    expect(isChainNamespace(undefined)).toBe(false);
  });
});
