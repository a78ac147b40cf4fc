import { bech32, bech32m } from '@scure/base';
import { describe, expect, it } from 'vitest';
import { cosmosAddressPrefix, isCosmosAddress } from './address.js';

const hash20 = new Uint8Array(20).map((_, i) => i + 1);
const ADDRESS = bech32.encode('cosmos', bech32.toWords(hash20));

describe('Cosmos addresses', () => {
  it('are lower-case bech32 over a 20-byte key hash or a 32-byte module/contract hash, with the expected prefix', () => {
    expect(isCosmosAddress(ADDRESS)).toBe(true);
    expect(isCosmosAddress(ADDRESS, 'cosmos')).toBe(true);
    expect(isCosmosAddress(ADDRESS, 'osmo')).toBe(false);
    expect(cosmosAddressPrefix(bech32.encode('osmo', bech32.toWords(new Uint8Array(32))))).toBe('osmo');
    // The Cosmos Hub address of the BIP-39 "abandon … about" mnemonic, computed by gaiad and Keplr.
    expect(isCosmosAddress('cosmos19rl4cm2hmr8afy4kldpxz3fka4jguq0auqdal4', 'cosmos')).toBe(true);
  });

  it('reject anything else', () => {
    const rejected: unknown[] = [
      ADDRESS.toUpperCase(), // valid bech32, not canonical
      bech32m.encode('cosmos', bech32.toWords(hash20)), // bech32m
      bech32.encode('cosmos', bech32.toWords(hash20.slice(0, 19))), // 19 bytes
      `${ADDRESS.slice(0, -1)}${ADDRESS.endsWith('q') ? 'p' : 'q'}`, // checksum broken
      'cosmos1',
      '0x0000000000000000000000000000000000000000',
      '',
      undefined,
      42,
      { toString: () => ADDRESS },
    ];
    for (const value of rejected) expect(isCosmosAddress(value), String(value)).toBe(false);
  });
});
