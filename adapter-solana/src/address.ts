const BASE58_32_TO_44 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const BASE58_ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const SOLANA_PUBLIC_KEY_BYTES = 32;

/**
 * How many bytes a base58 string decodes to (Bitcoin alphabet: each leading '1' is a zero byte, the
 * rest one big number), or -1 when it is not base58. Small and local, so checking an address on first
 * load needs no codec library.
 */
export function base58DecodedLength(text: string): number {
  let value = 0n;
  for (const char of text) {
    const digit = BASE58_ALPHABET.indexOf(char);
    if (digit < 0) return -1;
    value = value * 58n + BigInt(digit);
  }
  let zeros = 0;
  while (zeros < text.length && text[zeros] === '1') zeros++;
  let bytes = 0;
  for (; value > 0n; value >>= 8n) bytes++;
  return zeros + bytes;
}

/** §5: 32 to 44 base58 characters that decode to a 32-byte public key. */
export function isSolanaAddress(address: string): boolean {
  return typeof address === 'string' && BASE58_32_TO_44.test(address) && base58DecodedLength(address) === SOLANA_PUBLIC_KEY_BYTES;
}
