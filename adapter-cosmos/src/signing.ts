import { makeSignDoc, pubkeyToAddress, serializeSignDoc } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64, toBase64, toUtf8 } from '@cosmjs/encoding';
import { readUntrustedProperty } from '@latch/kernel';
import { malformedWalletAnswer } from './wallet/walletErrors.js';

/** What `signMessage` returns: the wallet's ADR-36 StdSignature, as JSON (the verifier needs the public key). */
export interface CosmosMessageSignature {
  pub_key: { type: 'tendermint/PubKeySecp256k1'; value: string };
  signature: string;
}

const PUBKEY_TYPE = 'tendermint/PubKeySecp256k1';

function decodeBase64(value: unknown, length: number): Uint8Array | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const bytes = fromBase64(value);
    return bytes.length === length ? bytes : undefined;
  } catch {
    return undefined;
  }
}

/** ADR-36: the amino sign doc of one `sign/MsgSignData` with empty chain id, fee, memo and account numbers. */
export function adr36SignBytes(signer: string, message: string): Uint8Array {
  const msg = { type: 'sign/MsgSignData', value: { signer, data: toBase64(toUtf8(message)) } };
  return serializeSignDoc(makeSignDoc([msg], { gas: '0', amount: [] }, '', '', 0, 0));
}

function verifies(signature: Uint8Array, hash: Uint8Array, pubkey: Uint8Array): boolean {
  try {
    return Secp256k1.verifySignature(Secp256k1Signature.fromFixedLength(signature), hash, pubkey);
  } catch {
    return false; // a key off the curve, or a signature out of range
  }
}

/**
 * Checks the StdSignature a wallet's `signArbitrary` answered before it is handed on: a secp256k1 key whose address is
 * the signer's, and a signature over the ADR-36 document of `message` by that key. Returns it as canonical JSON.
 */
export function checkArbitrarySignature(answer: unknown, signer: string, message: string, walletName: string): string {
  const pubKey = readUntrustedProperty(answer, 'pub_key');
  const pubKeyValue = readUntrustedProperty(pubKey, 'value');
  const signatureValue = readUntrustedProperty(answer, 'signature');
  const pubkey = decodeBase64(pubKeyValue, 33);
  const signature = decodeBase64(signatureValue, 64);
  if (readUntrustedProperty(pubKey, 'type') !== PUBKEY_TYPE || !pubkey || !signature) throw malformedWalletAnswer(walletName, 'signature');
  const prefix = signer.slice(0, signer.lastIndexOf('1'));
  const value = toBase64(pubkey);
  if (pubkeyToAddress({ type: PUBKEY_TYPE, value }, prefix) !== signer) throw malformedWalletAnswer(walletName, 'signature (another key)');
  if (!verifies(signature, sha256(adr36SignBytes(signer, message)), pubkey))
    throw malformedWalletAnswer(walletName, 'signature (it does not verify)');
  const canonical: CosmosMessageSignature = { pub_key: { type: PUBKEY_TYPE, value }, signature: toBase64(signature) };
  return JSON.stringify(canonical);
}
