import { createHash } from 'node:crypto';
import { p2pk, p2pkh, p2sh, p2tr, p2wpkh, p2wsh } from '@scure/btc-signer';
import { pubECDSA, pubSchnorr } from '@scure/btc-signer/utils.js';
import { BITCOIN_NETWORKS } from '@latch/testkit';
import { describe, expect, it } from 'vitest';
import { bitcoinAddressType, isBitcoinAddress, MAINNET_FAMILY, REGTEST_FAMILY, TESTNET_FAMILY } from './bitcoinAddress.js';
import { addressFamilyOf } from './networkFamily.js';
import { sha256 } from './sha256.js';
import { BITCOIN_MAINNET_CAIP_NETWORK_ID, BITCOIN_REGTEST_CAIP_NETWORK_ID, BITCOIN_SIGNET_CAIP_NETWORK_ID } from '../networks/chainIds.js';

describe('sha256 (the base58check checksum)', () => {
  it('equals node:crypto across block boundaries', () => {
    for (const length of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1_000]) {
      const data = Uint8Array.from({ length }, (_, i) => (i * 31 + length) & 0xff);
      expect(Buffer.from(sha256(data)).toString('hex')).toBe(createHash('sha256').update(data).digest('hex'));
    }
  });
});

describe('isBitcoinAddress', () => {
  it('accepts the BIP-173 and BIP-350 test vectors', () => {
    for (const address of [
      'BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
      'bc1pw508d6qejxtdg4y5r3zarvary0c5xw7kw508d6qejxtdg4y5r3zarvary0c5xw7kt5nd6y',
      'BC1SW50QGDZ25J',
      'bc1zw508d6qejxtdg4y5r3zarvaryvaxxpcs',
      'tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0',
    ]) {
      expect(isBitcoinAddress(address), address).toBe(true);
    }
    expect(bitcoinAddressType('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe('p2tr');
    expect(bitcoinAddressType('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe('p2wpkh');
  });

  it('refuses the BIP-173 and BIP-350 invalid vectors (wrong checksum kind, bad program, mixed case, bad prefix)', () => {
    for (const address of [
      'tc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq5zuyut', // unknown prefix
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd', // v1 with a bech32 checksum
      'tb1z0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqglt7rf', // v1+ with a bech32 checksum
      'BC1S0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ54WELL',
      'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh', // v0 with a bech32m checksum
      'tb1q0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vq24jc47',
      'bc1p38j9r5y49hruaue7wxjce0updqjuyyx0kh56v8s25huc6995vvpql3jow4', // invalid character
      'BC130XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQ7ZWS8R', // version 17
      'bc1pw5dgrnzv',
      'bc1qr508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', // program length not 20 or 32 for v0
      'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3pjxtptv',
      'bc1gmk9yu',
      'tb1qrp33g0q5C5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sL5k7', // mixed case
      ' bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
      '',
      'not an address',
    ]) {
      expect(isBitcoinAddress(address), address).toBe(false);
    }
    expect(isBitcoinAddress(42)).toBe(false);
    expect(isBitcoinAddress(undefined)).toBe(false);
  });

  it('accepts base58check addresses and refuses a broken checksum or an unknown version', () => {
    expect(bitcoinAddressType('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa')).toBe('p2pkh');
    expect(bitcoinAddressType('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe('p2sh');
    expect(bitcoinAddressType('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')).toBe('p2pkh');
    expect(bitcoinAddressType('2MzQwSSnBHWHqSAqtTVQ6v47XtaisrJa1Vc')).toBe('p2sh');
    expect(isBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb')).toBe(false);
    expect(isBitcoinAddress('1A1zP1eP5QGefi2DMPTfTL5SLmv7Divf0a')).toBe(false); // 0 is not base58
    expect(isBitcoinAddress('LVg2kJoFNg45Nbpy53h7Fe1wKyeXVRhMH9')).toBe(false); // Litecoin's version byte
  });

  it('agrees with @scure/btc-signer on every address type of every network, and tells the networks apart', () => {
    const families = { Mainnet: MAINNET_FAMILY, Testnet: TESTNET_FAMILY, Regtest: REGTEST_FAMILY } as const;
    for (let seed = 1; seed <= 40; seed++) {
      const secret = new Uint8Array(32).fill(seed);
      for (const [name, family] of Object.entries(families) as [keyof typeof families, (typeof families)[keyof typeof families]][]) {
        const params = BITCOIN_NETWORKS[name].params;
        const pub = pubECDSA(secret);
        const addresses = {
          p2pkh: p2pkh(pub, params).address!,
          p2sh: p2sh(p2wpkh(pub, params), params).address!,
          p2wpkh: p2wpkh(pub, params).address!,
          p2wsh: p2wsh(p2pk(pub), params).address!,
          p2tr: p2tr(pubSchnorr(secret), undefined, params).address!,
        };
        for (const [type, address] of Object.entries(addresses)) {
          expect(bitcoinAddressType(address, [family]), `${name} ${type}`).toBe(type);
          const others = Object.values(families).filter((other) => other.hrp !== family.hrp);
          // Testnet and regtest share their base58 versions; bech32 prefixes differ everywhere.
          const sharesVersions = (type === 'p2pkh' || type === 'p2sh') && family !== MAINNET_FAMILY;
          const elsewhere = others.filter((other) => !(sharesVersions && other !== MAINNET_FAMILY));
          for (const other of elsewhere) expect(isBitcoinAddress(address, other), `${name} ${type} elsewhere`).toBe(false);
        }
      }
    }
  });

  it('knows the address family of each Bitcoin network it ships', () => {
    expect(addressFamilyOf(BITCOIN_MAINNET_CAIP_NETWORK_ID)).toBe(MAINNET_FAMILY);
    expect(addressFamilyOf(BITCOIN_SIGNET_CAIP_NETWORK_ID)).toBe(TESTNET_FAMILY);
    expect(addressFamilyOf(BITCOIN_REGTEST_CAIP_NETWORK_ID)).toBe(REGTEST_FAMILY);
    expect(addressFamilyOf('bip122:ffffffffffffffffffffffffffffffff')).toBeUndefined();
  });
});
