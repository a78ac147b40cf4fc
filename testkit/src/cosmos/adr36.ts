import { makeSignDoc, serializeSignDoc } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64, toBase64 } from '@cosmjs/encoding';
import { cosmosAddressOfPubkey } from './address.js';

/** The bytes an ADR-36 signature signs: the amino JSON sign doc of one `sign/MsgSignData`, everything else empty. */
export function adr36SignDocBytes(signer: string, data: Uint8Array): Uint8Array {
  const message = { type: 'sign/MsgSignData', value: { signer, data: toBase64(data) } };
  return serializeSignDoc(makeSignDoc([message], { gas: '0', amount: [] }, '', '', 0, 0));
}

export interface Adr36Check {
  /** The bech32 address that claims to have signed. */
  signer: string;
  /** The signed data; a string is signed as its UTF-8 bytes (Keplr's `signArbitrary`). */
  data: string | Uint8Array;
  /** The StdSignature, as an object or as its JSON. */
  signature: { pub_key: { type: string; value: string }; signature: string } | string;
}

/**
 * Verifies an ADR-36 (`signArbitrary`) signature with CosmJS only, as a chain would: the public key must hash to the
 * signer's address (ripemd160 ∘ sha256, with the signer's prefix) and the secp256k1 signature must verify over
 * sha256 of the sign doc. Never throws: anything malformed is `false`.
 */
export function verifyAdr36Signature({ signer, data, signature }: Adr36Check): boolean {
  try {
    const std = typeof signature === 'string' ? (JSON.parse(signature) as Exclude<Adr36Check['signature'], string>) : signature;
    if (std.pub_key.type !== 'tendermint/PubKeySecp256k1') return false;
    const pubkey = fromBase64(std.pub_key.value);
    const prefix = signer.slice(0, signer.lastIndexOf('1'));
    if (cosmosAddressOfPubkey(pubkey, prefix) !== signer) return false;
    const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
    const hash = sha256(adr36SignDocBytes(signer, bytes));
    return Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(fromBase64(std.signature)), hash, pubkey);
  } catch {
    return false;
  }
}
