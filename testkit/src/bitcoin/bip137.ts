import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@scure/btc-signer/utils.js';

/*
 * "ECDSA" Bitcoin message signatures (the Bitcoin Core signmessage format, with BIP-137's header for the address
 * type): what WalletConnect's bip122 signMessage means by `protocol: 'ecdsa'`, its default. bip322-js's Verifier
 * checks them too (an implementation independent of this one).
 */

const PREFIX = new TextEncoder().encode('\x18Bitcoin Signed Message:\n');

/** Bitcoin's CompactSize length prefix. */
function compactSize(length: number): Uint8Array {
  if (length < 0xfd) return Uint8Array.of(length);
  if (length <= 0xffff) return Uint8Array.of(0xfd, length & 0xff, length >> 8);
  return Uint8Array.of(0xfe, length & 0xff, (length >> 8) & 0xff, (length >> 16) & 0xff, length >>> 24);
}

/** The double SHA-256 of the prefixed message: what is signed. */
export function bitcoinMessageHash(message: string): Uint8Array {
  const body = new TextEncoder().encode(message);
  return sha256(sha256(new Uint8Array([...PREFIX, ...compactSize(body.length), ...body])));
}

/** BIP-137 header bases: P2PKH with a compressed key, P2SH-P2WPKH, P2WPKH (plus the recovery id). */
const HEADER = { p2pkh: 31, 'p2sh-p2wpkh': 35, p2wpkh: 39 } as const;

/** A 65-byte recoverable signature of `message` by `secret` for an address of `type`. */
export function signBip137(secret: Uint8Array, message: string, type: keyof typeof HEADER): Uint8Array {
  const signature = secp256k1.sign(bitcoinMessageHash(message), secret);
  return new Uint8Array([HEADER[type] + signature.recovery, ...signature.toCompactRawBytes()]);
}
