import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isSignedMessage, isTransactionHash } from './replies.js';

const anyString = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: fc.constantFrom('a', '@', '.', '-', '0', 'x') }));

describe('isTransactionHash / isSignedMessage (§5)', () => {
  const hex = (n: number) => 'ab'.repeat(n).slice(0, n);
  it('transaction hash is 0x plus exactly 64 hex', () => {
    expect(isTransactionHash(`0x${hex(64)}`)).toBe(true);
    expect(isTransactionHash(`0x${hex(64).toUpperCase()}`)).toBe(true);
    expect(isTransactionHash(`0x${hex(63)}`)).toBe(false);
    expect(isTransactionHash(`0x${hex(65)}`)).toBe(false);
    expect(isTransactionHash(hex(66))).toBe(false);
    expect(isTransactionHash(`0x${hex(63)}g`)).toBe(false);
  });
  it('signed message is 0x plus at least 62 hex', () => {
    expect(isSignedMessage(`0x${hex(62)}`)).toBe(true);
    expect(isSignedMessage(`0x${hex(130)}`)).toBe(true);
    expect(isSignedMessage(`0x${hex(61)}`)).toBe(false);
    expect(isSignedMessage(`0x${hex(62)}z`)).toBe(false);
    expect(isSignedMessage(hex(64))).toBe(false);
  });
  it('never throw', () => fc.assert(fc.property(anyString, (s) => void (isTransactionHash(s) || isSignedMessage(s)))));
});
