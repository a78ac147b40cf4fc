/*
 * bech32/bech32m and base58 decoding, synchronous, for `isAddress`, which must answer at once on first load.
 * @scure/base would add ~2.5 kB gzip there; these are a few hundred bytes and are checked against it (encodings.test.ts).
 */

export const BECH32_CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATORS = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];
/** BIP-173's final xor constant; BIP-350 (bech32m) uses 0x2bc830a3. */
export const BECH32 = 1;
export const BECH32M = 0x2bc830a3;

function polymodStep(chk: number, value: number): number {
  const top = chk >>> 25;
  let next = ((chk & 0x1ffffff) << 5) ^ value;
  for (let i = 0; i < 5; i++) if ((top >>> i) & 1) next ^= GENERATORS[i]!;
  return next;
}

/**
 * The data words (checksum removed) of a lowercase bech32 string with this prefix and checksum constant, or
 * undefined: what `bech32.decodeUnsafe` answers for a string of at most 90 characters with that prefix.
 */
export function bech32Words(lower: string, prefix: string, encoding: number): number[] | undefined {
  if (lower.length < 8 || lower.length > 90 || lower.lastIndexOf('1') !== prefix.length || !lower.startsWith(prefix)) return undefined;
  const data = lower.slice(prefix.length + 1);
  if (data.length < 6) return undefined;
  let chk = 1;
  for (let i = 0; i < prefix.length; i++) chk = polymodStep(chk, prefix.charCodeAt(i) >> 5);
  chk = polymodStep(chk, 0);
  for (let i = 0; i < prefix.length; i++) chk = polymodStep(chk, prefix.charCodeAt(i) & 31);
  const words: number[] = [];
  for (const char of data) {
    const word = BECH32_CHARSET.indexOf(char);
    if (word < 0) return undefined;
    chk = polymodStep(chk, word);
    words.push(word);
  }
  return chk === encoding ? words.slice(0, -6) : undefined;
}

/** 5-bit words to bytes, strictly (no whole leftover word, zero padding): `bech32.fromWordsUnsafe`. */
export function wordsToBytes(words: readonly number[]): Uint8Array | undefined {
  const bytes: number[] = [];
  let carry = 0;
  let bits = 0;
  for (const word of words) {
    carry = ((carry << 5) | word) & 0xfff;
    bits += 5;
    if (bits >= 8) bytes.push((carry >> (bits -= 8)) & 0xff);
  }
  return bits >= 5 || (carry << (8 - bits)) & 0xff ? undefined : Uint8Array.from(bytes);
}

const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Bitcoin's base58 (leading '1's are zero bytes), or undefined for a character outside the alphabet. */
export function base58Decode(text: string): Uint8Array | undefined {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) return undefined;
    value = value * 58n + BigInt(digit);
  }
  const bytes: number[] = [];
  for (; value > 0n; value >>= 8n) bytes.unshift(Number(value & 0xffn));
  const zeros = /^1*/.exec(text)?.[0].length ?? 0;
  return Uint8Array.from([...new Array<number>(zeros).fill(0), ...bytes]);
}
