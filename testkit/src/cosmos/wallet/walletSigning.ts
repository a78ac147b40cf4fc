import { encodeSecp256k1Signature, type StdSignDoc, serializeSignDoc } from '@cosmjs/amino';
import { Secp256k1, sha256 } from '@cosmjs/crypto';
import { makeSignBytes } from '@cosmjs/proto-signing';
import type { SignDoc } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { adr36SignDocBytes } from '../adr36.js';
import type { MockStdSignature } from './types.js';
import type { WalletKey } from './walletKey.js';

/** A 64-byte (r ‖ s, low-s) secp256k1 signature over sha256(bytes), as an amino StdSignature. */
function sign(bytes: Uint8Array, key: WalletKey): MockStdSignature {
  const signature = Secp256k1.createSignature(sha256(bytes), key.privkey);
  const fixed = new Uint8Array([...signature.r(32), ...signature.s(32)]);
  return encodeSecp256k1Signature(key.pubkey, fixed) as MockStdSignature;
}

/** SIGN_MODE_DIRECT: the signature a chain checks against `makeSignBytes(signDoc)`. */
export function signDirectDoc(signDoc: SignDoc, key: WalletKey): MockStdSignature {
  return sign(makeSignBytes(signDoc), key);
}

/** ADR-36: what Keplr's `signArbitrary` signs for `data` (a string is signed as its UTF-8 bytes). */
export function signArbitraryData(signer: string, data: string | Uint8Array, key: WalletKey): MockStdSignature {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  return sign(adr36SignDocBytes(signer, bytes), key);
}

/** SIGN_MODE_LEGACY_AMINO_JSON: the signature over the canonical (key-sorted, escaped) JSON of an amino sign doc. */
export function signAminoDoc(signDoc: StdSignDoc, key: WalletKey): MockStdSignature {
  return sign(serializeSignDoc(signDoc), key);
}
