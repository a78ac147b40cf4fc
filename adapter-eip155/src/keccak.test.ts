import { keccak_256 } from '@noble/hashes/sha3.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { keccak256 } from './keccak.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('keccak256', () => {
  it('matches the published vectors', () => {
    expect(hex(keccak256(new Uint8Array()))).toBe('c5d2460186f7233c927e7db2dcc703c0e500b653ca82273b7bfad8045d85a470');
    expect(hex(keccak256(new TextEncoder().encode('abc')))).toBe('4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45');
  });

  it('agrees with @noble/hashes on any input, across block boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 420 }), (bytes) => {
        expect(hex(keccak256(bytes))).toBe(hex(keccak_256(bytes)));
      }),
      { numRuns: 300 },
    );
    for (const length of [135, 136, 137, 271, 272, 273]) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 31) & 0xff);
      expect(hex(keccak256(bytes))).toBe(hex(keccak_256(bytes)));
    }
  });
});
