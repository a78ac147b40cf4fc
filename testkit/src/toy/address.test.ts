import { ed25519 } from '@noble/curves/ed25519';
import { bech32, bech32m, hex } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { isToyAddress, publicKeyFromToyAddress, toyAddressFromPublicKey, toyAddressFromSecretKey } from './address.js';
import { ALICE, ALICE_KEY } from './toy.testSupport.js';

const alicePublicKey = ed25519.getPublicKey(hex.decode(ALICE_KEY));

describe('toy addresses', () => {
  it('are bech32m with prefix toy over the 32-byte ed25519 public key', () => {
    expect(ALICE).toMatch(/^toy1[02-9ac-hj-np-z]{58}$/);
    const { prefix, words } = bech32m.decode(ALICE as `${string}1${string}`);
    expect(prefix).toBe('toy');
    expect(bech32m.fromWords(words)).toEqual(alicePublicKey);
    expect(publicKeyFromToyAddress(ALICE)).toEqual(alicePublicKey);
    expect(toyAddressFromSecretKey(`0x${ALICE_KEY.toUpperCase()}`)).toBe(ALICE);
  });

  it('accept only canonical toy addresses', () => {
    expect(isToyAddress(ALICE)).toBe(true);
    const words = bech32m.toWords(alicePublicKey);
    const rejected: unknown[] = [
      ALICE.toUpperCase(), // bech32 allows upper case, a canonical address does not
      bech32.encode('toy', words), // bech32, not bech32m
      bech32m.encode('yot', words), // another prefix
      bech32m.encode('toy', bech32m.toWords(alicePublicKey.slice(0, 31))), // 31 bytes
      `${ALICE.slice(0, 10)}${ALICE[10] === 'q' ? 'p' : 'q'}${ALICE.slice(11)}`, // checksum broken
      'toy1',
      '',
      undefined,
      42,
      { toString: () => ALICE },
    ];
    for (const value of rejected) expect(isToyAddress(value), String(value)).toBe(false);
  });

  it('reject secret keys that are not 32 bytes of hex and public keys that are not 32 bytes', () => {
    for (const key of ['ab'.repeat(31), 'zz'.repeat(32), `${ALICE_KEY}00`, '']) {
      expect(() => toyAddressFromSecretKey(key)).toThrow(/32 bytes of hex/);
    }
    expect(() => toyAddressFromPublicKey(new Uint8Array(33))).toThrow(TypeError);
  });
});
