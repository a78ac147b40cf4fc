import { blake2b } from '@noble/hashes/blake2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blake2b512 } from './blake2b.js';

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

describe('blake2b512', () => {
  it('matches the published vectors', () => {
    expect(hex(blake2b512(new Uint8Array()))).toBe(
      '786a02f742015903c6c6fd852552d272912f4740e15847618a86e217f71f5419d25e1031afee585313896444934eb04b903a685b1448b755d56f701afe9be2ce',
    );
    expect(hex(blake2b512(new TextEncoder().encode('abc')))).toBe(
      'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
    );
  });

  it('agrees with @noble/hashes on any input, across block boundaries', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 400 }), (bytes) => {
        expect(hex(blake2b512(bytes))).toBe(hex(blake2b(bytes, { dkLen: 64 })));
      }),
      { numRuns: 300 },
    );
    for (const length of [1, 41, 42, 127, 128, 129, 255, 256, 257]) {
      const bytes = new Uint8Array(length).map((_, i) => (i * 31) & 0xff);
      expect(hex(blake2b512(bytes))).toBe(hex(blake2b(bytes, { dkLen: 64 })));
    }
  });
});
