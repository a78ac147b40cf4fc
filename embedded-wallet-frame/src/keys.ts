import { ed25519 } from '@noble/curves/ed25519.js';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { hkdf } from '@noble/hashes/hkdf.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { base58 } from '@scure/base';
import { combine, split } from 'shamir-secret-sharing';
import { bytesToHex, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { LatchError } from '@latch/kernel';

/*
 * The key scheme of PROTOCOL §4: one 32-byte master secret, per-namespace keys derived with HKDF-SHA256, and
 * a 2-of-3 Shamir split of the master secret (device, auth, recovery). Everything here runs in the frame.
 */

const utf8 = (text: string) => new TextEncoder().encode(text);
const SALT = utf8('latch-embedded-v1');

export interface DerivedKeys {
  /** secp256k1 private key for eip155, 0x-hex. */
  eip155PrivateKey: Hex;
  /** ed25519 seed for solana. */
  solanaSeed: Uint8Array;
}

export interface WalletAddresses {
  eip155: string;
  solana: string;
}

export interface Shares {
  device: Uint8Array;
  auth: Uint8Array;
  recovery: Uint8Array;
}

/** A fresh 32-byte master secret from the browser's CSPRNG. */
export function generateMasterSecret(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(32));
}

/** The eip155 and solana keys of a master secret; deterministic. */
export function deriveKeys(master: Uint8Array): DerivedKeys {
  if (master.length !== 32) throw new LatchError('The master secret must be 32 bytes');
  const okm = hkdf(sha256, master, SALT, utf8('eip155'), 32);
  const scalar = BigInt(bytesToHex(okm)) % secp256k1.CURVE.n;
  okm.fill(0);
  // Probability 2^-256; refusing is the only correct answer for a zero scalar.
  if (scalar === 0n) throw new LatchError('Derived an invalid secp256k1 key');
  const eip155PrivateKey = `0x${scalar.toString(16).padStart(64, '0')}` as Hex;
  const solanaSeed = hkdf(sha256, master, SALT, utf8('solana'), 32);
  return { eip155PrivateKey, solanaSeed };
}

/** The public addresses of derived keys: EIP-55 checksummed eip155 and base58 solana. */
export function addressesOf(keys: DerivedKeys): WalletAddresses {
  return {
    eip155: privateKeyToAccount(keys.eip155PrivateKey).address,
    solana: base58.encode(ed25519.getPublicKey(keys.solanaSeed)),
  };
}

/** Splits the master secret into three shares, any two of which rebuild it. */
export async function splitMasterSecret(master: Uint8Array): Promise<Shares> {
  const [device, auth, recovery] = await split(master, 3, 2);
  return { device: device!, auth: auth!, recovery: recovery! };
}

/** Rebuilds the master secret from two shares; throws when they do not make a 32-byte secret. */
export async function combineShares(first: Uint8Array, second: Uint8Array): Promise<Uint8Array> {
  const master = await combine([first, second]);
  if (master.length !== 32) throw new LatchError('The shares do not rebuild a wallet');
  return master;
}

/** Base64 of a share, as PUT /api/wallet and GET /api/wallet/auth-share carry the auth share. */
export function shareToBase64(share: Uint8Array): string {
  let binary = '';
  for (const byte of share) binary += String.fromCharCode(byte);
  return btoa(binary);
}

export function shareFromBase64(text: string): Uint8Array {
  const binary = atob(text);
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
