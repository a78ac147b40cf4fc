import { ed25519 } from '@noble/curves/ed25519';
import { bech32m, hex } from '@scure/base';

/** The bech32m human-readable part of toy addresses: `toy1…`. */
export const TOY_ADDRESS_PREFIX = 'toy';
const PUBLIC_KEY_BYTES = 32;
const SECRET_KEY_HEX = /^(?:0x)?([0-9a-fA-F]{64})$/;

/** The 32-byte secret key of a hex string (with or without `0x`); throws a TypeError otherwise. */
export function secretKeyBytes(secretKeyHex: string): Uint8Array {
  const match = typeof secretKeyHex === 'string' ? SECRET_KEY_HEX.exec(secretKeyHex) : null;
  if (!match) throw new TypeError('A toy secret key is 32 bytes of hex (64 hex characters)');
  return hex.decode(match[1]!.toLowerCase());
}

/** The toy address of an ed25519 public key: bech32m, prefix `toy`, over the 32 key bytes. */
export function toyAddressFromPublicKey(publicKey: Uint8Array): string {
  if (publicKey.length !== PUBLIC_KEY_BYTES) throw new TypeError('An ed25519 public key is 32 bytes');
  return bech32m.encode(TOY_ADDRESS_PREFIX, bech32m.toWords(publicKey));
}

/** The toy address of a 32-byte hex ed25519 secret key. */
export function toyAddressFromSecretKey(secretKeyHex: string): string {
  return toyAddressFromPublicKey(ed25519.getPublicKey(secretKeyBytes(secretKeyHex)));
}

/** The public key a toy address encodes, or undefined for anything that is not a canonical toy address. */
export function publicKeyFromToyAddress(address: unknown): Uint8Array | undefined {
  if (typeof address !== 'string' || address !== address.toLowerCase()) return undefined;
  try {
    const { prefix, words } = bech32m.decode(address as `${string}1${string}`);
    if (prefix !== TOY_ADDRESS_PREFIX) return undefined;
    const bytes = bech32m.fromWords(words);
    if (bytes.length !== PUBLIC_KEY_BYTES) return undefined;
    ed25519.ExtendedPoint.fromHex(bytes); // a point on the curve, so a signature could ever verify
    return bytes;
  } catch {
    return undefined;
  }
}

/** Whether `s` is a toy address: lower-case bech32m `toy1…` over a valid 32-byte ed25519 public key. */
export function isToyAddress(s: unknown): s is string {
  return publicKeyFromToyAddress(s) !== undefined;
}
