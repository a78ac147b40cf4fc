import { base58 } from '@scure/base';
import { decodeAddress as polkadotDecode, encodeAddress as polkadotEncode, randomAsU8a } from '@polkadot/util-crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base58Decode, decodeAddress, isPolkadotAddress } from './address.js';
import { base58Encode, encodeAddress, sameAccount, toNetworkAddress } from './addressEncoding.js';

const INVALID_OPTION = expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });

// The small SS58 codec of the first load, checked against @polkadot/util-crypto (what the chain's own tools use).
const ALICE = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const ALICE_KEY = polkadotDecode(ALICE);

describe('SS58 addresses', () => {
  it('encode like @polkadot/util-crypto for one- and two-byte network formats, and decode back', () => {
    for (const format of [0, 1, 2, 42, 63, 64, 255, 2_007, 16_383]) {
      for (const key of [ALICE_KEY, randomAsU8a(32), new Uint8Array(32)]) {
        const address = encodeAddress(key, format);
        expect(address, `format ${format}`).toBe(polkadotEncode(key, format));
        expect(decodeAddress(address)).toEqual({ publicKey: key, ss58Format: format });
        expect(isPolkadotAddress(address)).toBe(true);
      }
    }
    expect(encodeAddress(ALICE_KEY, 0)).toBe('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5');
  });

  it('rewrite an account for another network, and compare accounts whatever their format', () => {
    const polkadot = toNetworkAddress(ALICE, 0)!;
    expect(polkadot).toBe('15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5');
    expect(toNetworkAddress(polkadot, 42)).toBe(ALICE);
    expect(sameAccount(ALICE, polkadot)).toBe(true);
    expect(sameAccount(ALICE, encodeAddress(new Uint8Array(32), 42))).toBe(false);
    expect(sameAccount(ALICE, 'nope')).toBe(false);
    expect(toNetworkAddress('nope', 0)).toBeUndefined();
  });

  it('reject what is not an SS58 account address', () => {
    const withBytes = (bytes: number[]) => base58.encode(Uint8Array.from(bytes));
    const raw = base58.decode(ALICE);
    const flipped = Uint8Array.from(raw);
    flipped[raw.length - 1]! ^= 1;
    const rejected: unknown[] = [
      base58.encode(flipped), // checksum broken
      `${ALICE.slice(0, 10)}${ALICE[10] === 'a' ? 'b' : 'a'}${ALICE.slice(11)}`,
      ALICE.slice(0, -1),
      `${ALICE}1`,
      polkadotEncode(new Uint8Array([1, 2]), 42), // an account index, not an account
      polkadotEncode(new Uint8Array(33).fill(2), 42), // a 33-byte ecdsa public key, not an account id
      withBytes([46, ...ALICE_KEY, 0, 0]), // reserved format 46
      withBytes([0x80, ...ALICE_KEY, 0, 0]), // a prefix byte with the top bit set
      `0x${'11'.repeat(32)}`,
      '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d',
      'not an address',
      'OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0OIl0',
      '1'.repeat(2_000),
      '',
      undefined,
      null,
      42,
      { toString: () => ALICE },
    ];
    for (const value of rejected) expect(isPolkadotAddress(value), String(value)).toBe(false);
  });

  it('refuse to encode what is not a 32-byte account id or a valid network format', () => {
    expect(() => encodeAddress(new Uint8Array(33), 0)).toThrow(INVALID_OPTION);
    expect(() => encodeAddress(new Uint8Array(33), 0)).toThrow('An account id is 32 bytes');
    for (const format of [-1, 46, 47, 16_384, 1.5, Number.NaN])
      expect(() => encodeAddress(ALICE_KEY, format), String(format)).toThrow(INVALID_OPTION);
    expect(() => encodeAddress(ALICE_KEY, 46)).toThrow('Invalid SS58 format: 46');
  });

  it('read and write base58 like @scure/base, leading zeros included', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 48 }), fc.nat({ max: 4 }), (tail, zeros) => {
        const bytes = Uint8Array.from([...new Uint8Array(zeros), ...tail]);
        const text = base58.encode(bytes);
        expect(base58Encode(bytes)).toBe(text);
        if (text) expect(base58Decode(text)).toEqual(bytes);
      }),
      { numRuns: 500 },
    );
  });

  it('agree with @polkadot/util-crypto on random account ids and formats', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), fc.integer({ min: 0, max: 16_383 }), (key, format) => {
        fc.pre(format !== 46 && format !== 47);
        const address = polkadotEncode(key, format);
        expect(encodeAddress(key, format)).toBe(address);
        expect(decodeAddress(address)).toEqual({ publicKey: key, ss58Format: format });
      }),
      { numRuns: 300 },
    );
  });
});
