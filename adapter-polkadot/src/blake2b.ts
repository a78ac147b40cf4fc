/*
 * BLAKE2b-512 (unkeyed), for the SS58 checksum of the first load's address check: a few hundred bytes instead of
 * a hash library. Not for secrets: it only checks public addresses. Checked against @noble/hashes in blake2b.test.ts.
 */
const MASK = (1n << 64n) - 1n;
/** The initialisation vector (SHA-512's): the first 64 bits of the fractional parts of √2, √3, √5 … √19. */
const IV = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n].map((prime) => {
  const square = prime << 128n;
  let root = 1n << 67n; // above every √(prime·2¹²⁸) here: Newton's steps descend to the integer root
  for (let next = (root + square / root) >> 1n; next < root; next = (root + square / root) >> 1n) root = next;
  return root & MASK;
});
/** The message word schedule of rounds 0 to 9 (rounds 10 and 11 repeat 0 and 1): 16 hex digits a round. */
const SIGMA = [
  ...'0123456789abcdefea489fd61c02b753b8c052fdae3671947931dcbe265a40f8905724afe1bc683d2c6a0b834d75fe19c51fed4a0763928bdb7ec13950f4862a6fe9b308c2d714a5a2847615fb9e3cd0',
].map((digit) => Number.parseInt(digit, 16));
/** Each G mixes one column, then one diagonal, of the 4×4 working state: [a, b, c, d] as four hex digits. */
const MIX = ['048c', '159d', '26ae', '37bf', '05af', '16bc', '278d', '349e'].map((row) =>
  [...row].map((digit) => Number.parseInt(digit, 16)),
);
const BLOCK = 128;

const rotr = (x: bigint, n: bigint) => ((x >> n) | (x << (64n - n))) & MASK;

function compress(h: bigint[], block: Uint8Array, offset: number, counter: number, last: boolean): void {
  const m: bigint[] = [];
  for (let i = 0; i < 16; i++) {
    let word = 0n;
    for (let b = 7; b >= 0; b--) word = (word << 8n) | BigInt(block[offset + i * 8 + b]!);
    m.push(word);
  }
  const v = [...h, ...IV];
  v[12]! ^= BigInt(counter);
  if (last) v[14]! ^= MASK;
  for (let round = 0; round < 12; round++) {
    const s = (round % 10) * 16;
    MIX.forEach(([a, b, c, d], i) => {
      v[a!] = (v[a!]! + v[b!]! + m[SIGMA[s + 2 * i]!]!) & MASK;
      v[d!] = rotr(v[d!]! ^ v[a!]!, 32n);
      v[c!] = (v[c!]! + v[d!]!) & MASK;
      v[b!] = rotr(v[b!]! ^ v[c!]!, 24n);
      v[a!] = (v[a!]! + v[b!]! + m[SIGMA[s + 2 * i + 1]!]!) & MASK;
      v[d!] = rotr(v[d!]! ^ v[a!]!, 16n);
      v[c!] = (v[c!]! + v[d!]!) & MASK;
      v[b!] = rotr(v[b!]! ^ v[c!]!, 63n);
    });
  }
  for (let i = 0; i < 8; i++) h[i]! ^= v[i]! ^ v[i + 8]!;
}

/** BLAKE2b of `bytes` with a 64-byte digest. */
export function blake2b512(bytes: Uint8Array): Uint8Array {
  const h = [...IV];
  h[0]! ^= 0x01010040n; // parameter block: 64-byte digest, no key, fanout 1, depth 1
  const blocks = Math.max(1, Math.ceil(bytes.length / BLOCK));
  const padded = new Uint8Array(blocks * BLOCK);
  padded.set(bytes);
  for (let i = 0; i < blocks; i++) {
    const last = i === blocks - 1;
    compress(h, padded, i * BLOCK, last ? bytes.length : (i + 1) * BLOCK, last);
  }
  const out = new Uint8Array(64);
  for (let i = 0; i < 64; i++) out[i] = Number((h[i >> 3]! >> BigInt((i & 7) * 8)) & 0xffn);
  return out;
}
