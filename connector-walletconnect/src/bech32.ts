/* BIP-173 bech32 decoding, for the account bytes a Keplr-style `getKey` answers next to the cosmos address. */

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';
const GENERATOR = [0x3b6a57b2, 0x26508e6d, 0x1ea119fa, 0x3d4233dd, 0x2a1462b3];

function polymod(values: readonly number[]): number {
  let checksum = 1;
  for (const value of values) {
    const top = checksum >>> 25;
    checksum = ((checksum & 0x1ffffff) << 5) ^ value;
    for (let bit = 0; bit < 5; bit++) if ((top >>> bit) & 1) checksum ^= GENERATOR[bit] as number;
  }
  return checksum;
}

/** The prefix and payload bytes of a lower-case bech32 string; undefined unless it is one with a valid checksum. */
export function decodeBech32(text: string): { prefix: string; bytes: Uint8Array } | undefined {
  const separator = text.lastIndexOf('1');
  if (text !== text.toLowerCase() || text.length > 90 || separator < 1 || text.length - separator < 7) return undefined;
  const prefix = text.slice(0, separator);
  const words = [...text.slice(separator + 1)].map((char) => CHARSET.indexOf(char));
  if (words.some((word) => word < 0)) return undefined;
  const expanded = [...prefix]
    .map((c) => c.charCodeAt(0) >> 5)
    .concat(
      0,
      [...prefix].map((c) => c.charCodeAt(0) & 31),
    );
  if (polymod([...expanded, ...words]) !== 1) return undefined;
  // 5-bit words to bytes, without the 6-word checksum; leftover bits must be zero padding.
  const bytes: number[] = [];
  let accumulator = 0;
  let bits = 0;
  for (const word of words.slice(0, -6)) {
    accumulator = (accumulator << 5) | word;
    bits += 5;
    if (bits >= 8) {
      bits -= 8;
      bytes.push((accumulator >> bits) & 0xff);
    }
  }
  if (bits >= 5 || (accumulator & ((1 << bits) - 1)) !== 0) return undefined;
  return { prefix, bytes: new Uint8Array(bytes) };
}
