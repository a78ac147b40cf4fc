import { base58, bech32, bech32m } from '@scure/base';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BECH32, BECH32M, base58Decode, bech32Words, wordsToBytes } from './encodings.js';

const hex = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString('hex') : undefined);
const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const PREFIXES = ['bc', 'tb', 'bcrt'];

/** What @scure/base answers for a lowercase string with one of the address prefixes. */
function scureWords(lower: string, prefix: string, encoding: number): number[] | undefined {
  const decoded = (encoding === BECH32 ? bech32 : bech32m).decodeUnsafe(lower);
  return decoded && decoded.prefix === prefix ? decoded.words : undefined;
}

/** Flips, drops, inserts or swaps a few characters: mostly near-valid strings. */
const mutate = (text: string, alphabet: string) =>
  fc.array(fc.tuple(fc.nat(), fc.nat(alphabet.length - 1), fc.integer({ min: 0, max: 3 })), { maxLength: 3 }).map((edits) => {
    let out = text;
    for (const [at, char, kind] of edits) {
      const i = out.length ? at % out.length : 0;
      const c = alphabet.charAt(char);
      if (kind === 0) out = out.slice(0, i) + c + out.slice(i + 1);
      else if (kind === 1) out = out.slice(0, i) + out.slice(i + 1);
      else if (kind === 2) out = out.slice(0, i) + c + out.slice(i);
      else out = out.slice(0, i) + out.slice(i + 1, i + 2) + out.slice(i, i + 1) + out.slice(i + 2);
    }
    return out;
  });

const validBech32 = fc
  .tuple(fc.constantFrom(...PREFIXES), fc.integer({ min: 0, max: 16 }), fc.uint8Array({ minLength: 0, maxLength: 42 }), fc.boolean())
  .map(([prefix, version, program, m]) => (m ? bech32m : bech32).encode(prefix, [version, ...bech32.toWords(program)], false));

describe('bech32Words and wordsToBytes', () => {
  it('agree with @scure/base on valid, mutated and random strings', () => {
    const check = (text: string) => {
      const lower = text.toLowerCase();
      for (const prefix of PREFIXES) {
        for (const encoding of [BECH32, BECH32M]) {
          const expected = scureWords(lower, prefix, encoding);
          const words = bech32Words(lower, prefix, encoding);
          expect(words, `${lower} ${prefix} ${encoding}`).toEqual(expected);
          if (!expected || !words) continue;
          for (const from of [0, 1]) {
            const mine = wordsToBytes(words.slice(from));
            const theirs = (encoding === BECH32 ? bech32 : bech32m).fromWordsUnsafe(expected.slice(from)) as Uint8Array | undefined;
            expect(hex(mine), lower).toBe(hex(theirs));
          }
        }
      }
    };
    fc.assert(
      fc.property(validBech32, (text) => check(text)),
      { numRuns: 500 },
    );
    fc.assert(
      fc.property(
        validBech32.chain((text) => mutate(text, `${BECH32_CHARSET}1bcrtBXO`)),
        (text) => check(text),
      ),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.constantFrom(...PREFIXES), fc.string({ unit: fc.constantFrom(...`${BECH32_CHARSET}1`), maxLength: 95 }), (p, rest) =>
        check(`${p}1${rest}`),
      ),
      { numRuns: 2000 },
    );
  });

  it('agrees with @scure/base on any 5-bit words', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 31 }), { maxLength: 70 }), (words) => {
        expect(hex(wordsToBytes(words))).toBe(hex(bech32.fromWordsUnsafe(words) as Uint8Array | undefined));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('base58Decode', () => {
  const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
  const scure = (text: string) => {
    try {
      return base58.decode(text);
    } catch {
      return undefined;
    }
  };

  it('agrees with @scure/base on encoded bytes (leading zeros included), mutations and other characters', () => {
    const encoded = fc.uint8Array({ maxLength: 40 }).map((bytes) => base58.encode(bytes));
    fc.assert(
      fc.property(encoded, (text) => {
        expect(hex(base58Decode(text))).toBe(hex(scure(text)));
      }),
      { numRuns: 1000 },
    );
    fc.assert(
      fc.property(
        encoded.chain((text) => mutate(text, `${ALPHABET}0OIl+ é`)),
        (text) => {
          expect(hex(base58Decode(text)), text).toBe(hex(scure(text)));
        },
      ),
      { numRuns: 2000 },
    );
    for (const text of ['', '1', '11', '111', '1112', '2', 'z']) expect(hex(base58Decode(text)), text).toBe(hex(scure(text)));
  });
});
