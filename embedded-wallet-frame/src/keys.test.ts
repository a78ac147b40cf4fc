// @vitest-environment node
import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { base58 } from '@scure/base';
import { getAddress, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { addressesOf, combineShares, deriveKeys, generateMasterSecret, shareFromBase64, shareToBase64, splitMasterSecret } from './keys.js';
import { decodeRecoverySecret, encodeRecoverySecret } from './recoverySecret.js';

const FIXED = Uint8Array.from({ length: 32 }, (_, index) => index + 1);

/** The eip155 address computed straight from the curve, independently of viem's account helper. */
function evmAddress(privateKeyHex: string): string {
  const publicKey = secp256k1.getPublicKey(privateKeyHex.slice(2), false);
  return getAddress(`0x${keccak256(publicKey.slice(1)).slice(-40)}`);
}

describe('deriveKeys', () => {
  it('is deterministic and separates the two namespaces', () => {
    const first = deriveKeys(FIXED);
    const second = deriveKeys(Uint8Array.from(FIXED));
    expect(second.eip155PrivateKey).toBe(first.eip155PrivateKey);
    expect(second.solanaSeed).toEqual(first.solanaSeed);
    expect(first.eip155PrivateKey.slice(2)).not.toBe(Buffer.from(first.solanaSeed).toString('hex'));
    const other = deriveKeys(generateMasterSecret());
    expect(other.eip155PrivateKey).not.toBe(first.eip155PrivateKey);
  });

  it('gives an EIP-55 eip155 address and the base58 ed25519 public key', () => {
    const keys = deriveKeys(FIXED);
    const addresses = addressesOf(keys);
    expect(addresses.eip155).toBe(evmAddress(keys.eip155PrivateKey));
    expect(addresses.eip155).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(base58.decode(addresses.solana)).toEqual(ed25519.getPublicKey(keys.solanaSeed));
    const scalar = BigInt(keys.eip155PrivateKey);
    expect(scalar > 0n && scalar < secp256k1.CURVE.n).toBe(true);
  });

  it('refuses a master secret of the wrong length', () => {
    expect(() => deriveKeys(new Uint8Array(31))).toThrow('32 bytes');
  });
});

describe('2-of-3 shares', () => {
  it('rebuilds the same addresses from any two shares', async () => {
    const master = generateMasterSecret();
    const expected = addressesOf(deriveKeys(master));
    const { device, auth, recovery } = await splitMasterSecret(master);
    for (const [a, b] of [
      [device, auth],
      [auth, recovery],
      [device, recovery],
      [recovery, device],
    ] as const) {
      expect(addressesOf(deriveKeys(await combineShares(a, b)))).toEqual(expected);
    }
  });

  it('one share alone does not rebuild the wallet', async () => {
    const { device } = await splitMasterSecret(generateMasterSecret());
    await expect(combineShares(device, device)).rejects.toThrow();
  });

  it('shares of two different wallets do not rebuild either', async () => {
    const first = generateMasterSecret();
    const a = await splitMasterSecret(first);
    const b = await splitMasterSecret(generateMasterSecret());
    expect(await combineShares(a.device, b.auth).catch(() => undefined)).not.toEqual(first);
  });

  it('carries the auth share as base64', async () => {
    const { auth } = await splitMasterSecret(generateMasterSecret());
    expect(shareFromBase64(shareToBase64(auth))).toEqual(auth);
    expect(shareToBase64(auth)).toBe(Buffer.from(auth).toString('base64'));
  });
});

describe('recovery secret', () => {
  it('round-trips and ignores spaces and line breaks', async () => {
    const { recovery } = await splitMasterSecret(generateMasterSecret());
    const text = encodeRecoverySecret(recovery);
    expect(text).toMatch(/^latch1-[1-9A-HJ-NP-Za-km-z]+$/);
    expect(decodeRecoverySecret(text)).toEqual(recovery);
    expect(decodeRecoverySecret(` ${text.slice(0, 20)}\n ${text.slice(20)} `)).toEqual(recovery);
  });

  it('detects a typo, a wrong character, a missing prefix and a truncated secret', async () => {
    const { recovery } = await splitMasterSecret(generateMasterSecret());
    const text = encodeRecoverySecret(recovery);
    const at = 20;
    const swapped = text[at] === 'a' ? 'b' : 'a';
    expect(() => decodeRecoverySecret(text.slice(0, at) + swapped + text.slice(at + 1))).toThrow('typo');
    expect(() => decodeRecoverySecret(`${text.slice(0, at)}0${text.slice(at + 1)}`)).toThrow('"0" is not a character');
    expect(() => decodeRecoverySecret(text.slice('latch1-'.length))).toThrow('starts with "latch1-"');
    expect(() => decodeRecoverySecret(text.slice(0, -3))).toThrow(/typo|incomplete/);
    expect(() => decodeRecoverySecret('   ')).toThrow('Enter your recovery secret');
    expect(() => decodeRecoverySecret('   ')).toThrow(
      expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_RECOVERY_SECRET' }),
    );
  });
});
