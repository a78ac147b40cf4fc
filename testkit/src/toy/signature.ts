import { ed25519 } from '@noble/curves/ed25519';
import { hex } from '@scure/base';
import { publicKeyFromToyAddress } from './address.js';

/** The toy chain's own check of a message signature: ed25519 over the UTF-8 bytes, key from the address. */
export function verifyToySignature({ message, signature, address }: { message: string; signature: string; address: string }): boolean {
  const publicKey = publicKeyFromToyAddress(address);
  if (!publicKey || !/^[0-9a-f]{128}$/i.test(signature)) return false;
  return ed25519.verify(hex.decode(signature.toLowerCase()), new TextEncoder().encode(message), publicKey);
}
