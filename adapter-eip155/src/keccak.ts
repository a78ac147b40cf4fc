/*
 * Keccak-256 (the pre-SHA-3 padding Ethereum uses), for EIP-55 checksums on first load: a few
 * hundred bytes instead of a hash library's several kilobytes. Not for secrets: it only computes
 * the letter case of public addresses. Checked against @noble/hashes in keccak.test.ts.
 */
const MASK = (1n << 64n) - 1n;
const ROTATIONS = [1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44].map(BigInt);
const PI_LANES = [10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1];
const ROUND_CONSTANTS: bigint[] = [];
for (let round = 0, lfsr = 1; round < 24; round++) {
  let constant = 0n;
  for (let j = 0; j < 7; j++) {
    if (lfsr & 1) constant ^= 1n << ((1n << BigInt(j)) - 1n);
    lfsr = lfsr & 0x80 ? ((lfsr << 1) ^ 0x71) & 0xff : lfsr << 1;
  }
  ROUND_CONSTANTS.push(constant);
}

const rotl = (x: bigint, n: bigint) => ((x << n) | (x >> (64n - n))) & MASK;

function permute(state: bigint[]): void {
  const column: bigint[] = [0n, 0n, 0n, 0n, 0n];
  for (const constant of ROUND_CONSTANTS) {
    for (let i = 0; i < 5; i++) column[i] = state[i]! ^ state[i + 5]! ^ state[i + 10]! ^ state[i + 15]! ^ state[i + 20]!;
    for (let i = 0; i < 5; i++) {
      const t = column[(i + 4) % 5]! ^ rotl(column[(i + 1) % 5]!, 1n);
      for (let j = 0; j < 25; j += 5) state[j + i]! ^= t;
    }
    let carried = state[1]!;
    for (let i = 0; i < 24; i++) {
      const lane = PI_LANES[i]!;
      const next = state[lane]!;
      state[lane] = rotl(carried, ROTATIONS[i]!);
      carried = next;
    }
    for (let j = 0; j < 25; j += 5) {
      for (let i = 0; i < 5; i++) column[i] = state[j + i]!;
      for (let i = 0; i < 5; i++) state[j + i] = column[i]! ^ (~column[(i + 1) % 5]! & MASK & column[(i + 2) % 5]!);
    }
    state[0]! ^= constant;
  }
}

const RATE = 136;

/** Keccak-256 of `bytes`, as 32 bytes. */
export function keccak256(bytes: Uint8Array): Uint8Array {
  const padded = new Uint8Array((Math.floor(bytes.length / RATE) + 1) * RATE);
  padded.set(bytes);
  padded[bytes.length]! ^= 0x01;
  padded[padded.length - 1]! ^= 0x80;
  const state: bigint[] = new Array(25).fill(0n);
  for (let offset = 0; offset < padded.length; offset += RATE) {
    for (let lane = 0; lane < RATE / 8; lane++) {
      let value = 0n;
      for (let b = 7; b >= 0; b--) value = (value << 8n) | BigInt(padded[offset + lane * 8 + b]!);
      state[lane]! ^= value;
    }
    permute(state);
  }
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((state[i >> 3]! >> BigInt((i & 7) * 8)) & 0xffn);
  return out;
}
