import { bech32, bech32m } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cosmosAddressPrefix, isCosmosAddress } from './address.js';

const hash20 = new Uint8Array(20).map((_, i) => i + 1);
const ADDRESS = bech32.encode('cosmos', bech32.toWords(hash20));

describe('Cosmos addresses', () => {
  it('are lower-case bech32 over a 20-byte key hash or a 32-byte module/contract hash, with the expected prefix', () => {
    expect(isCosmosAddress(ADDRESS)).toBe(true);
    expect(isCosmosAddress(ADDRESS, 'cosmos')).toBe(true);
    expect(isCosmosAddress(ADDRESS, 'osmo')).toBe(false);
    expect(cosmosAddressPrefix(bech32.encode('osmo', bech32.toWords(new Uint8Array(32))))).toBe('osmo');
    // The Cosmos Hub address of the BIP-39 "abandon … about" mnemonic, computed by gaiad and Keplr.
    expect(isCosmosAddress('cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4', 'cosmos')).toBe(true);
  });

  it('reject anything else', () => {
    const rejected: unknown[] = [
      ADDRESS.toUpperCase(), // valid bech32, not canonical
      bech32m.encode('cosmos', bech32.toWords(hash20)), // bech32m
      bech32.encode('cosmos', bech32.toWords(hash20.slice(0, 19))), // 19 bytes
      `${ADDRESS.slice(0, -1)}${ADDRESS.endsWith('q') ? 'p' : 'q'}`, // checksum broken
      'cosmos1',
      '0x0000000000000000000000000000000000000000',
      '',
      undefined,
      42,
      { toString: () => ADDRESS },
    ];
    for (const value of rejected) expect(isCosmosAddress(value), String(value)).toBe(false);
  });

  it('agree with @scure/base on random valid, mutated and bech32m strings', () => {
    /** What the adapter accepted when it decoded with @scure/base. */
    const reference = (address: string) => {
      if (address !== address.toLowerCase()) return undefined;
      try {
        const { prefix, words } = bech32.decode(address as `${string}1${string}`);
        return [20, 32].includes(bech32.fromWords(words).length) ? prefix : undefined;
      } catch {
        return undefined;
      }
    };
    const printable = fc.integer({ min: 33, max: 126 }).map((code) => String.fromCharCode(code));
    const prefix = fc.oneof(fc.stringMatching(/^[a-z][a-z0-9]{0,12}$/), fc.string({ unit: printable, minLength: 1, maxLength: 30 }));
    const replacement = fc.constantFrom(...'qpzry9x8gf2tvdw0s3jn54khce6mua7l1bioAQé \u{1F600}');
    const candidate = fc
      .record({
        prefix,
        bytes: fc.oneof(
          fc.uint8Array({ minLength: 19, maxLength: 33 }),
          fc.constantFrom(20, 32).chain((n) => fc.uint8Array({ minLength: n, maxLength: n })),
        ),
        m: fc.boolean(),
        mutate: fc.option(fc.tuple(fc.nat(), replacement)),
        wordPatch: fc.option(fc.integer({ min: 0, max: 31 })),
      })
      .map(({ prefix, bytes, m, mutate, wordPatch }) => {
        const words = bech32.toWords(bytes);
        if (wordPatch !== null) words[words.length - 1] = wordPatch; // non-zero padding bits, sometimes
        let address = (m ? bech32m : bech32).encode(prefix, words, false);
        if (mutate) {
          const at = mutate[0] % address.length;
          address = address.slice(0, at) + mutate[1] + address.slice(at + 1);
        }
        return address;
      });
    fc.assert(
      fc.property(fc.oneof(candidate, fc.string({ maxLength: 100 })), (address) => {
        expect(cosmosAddressPrefix(address)).toBe(reference(address));
      }),
      { numRuns: 5000 },
    );
  });
});
