import { Verifier } from 'bip322-js';

/**
 * Bitcoin's own check of a message signature: bip322-js's Verifier (BIP-322 simple/full, and legacy BIP-137
 * signatures), an implementation independent of the mock wallet's signer. Node only.
 */
export function verifyBitcoinMessageSignature({
  address,
  message,
  signature,
}: {
  address: string;
  message: string;
  signature: string;
}): boolean {
  try {
    return Verifier.verifySignature(address, message, signature);
  } catch {
    return false; // bip322-js throws on malformed input instead of answering false
  }
}
