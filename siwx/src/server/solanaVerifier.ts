import { ed25519 } from '@noble/curves/ed25519';
import { base58 } from '@scure/base';
import type { SiwxVerifier } from './verifier.js';

function decode(text: string): Uint8Array | undefined {
  try {
    return base58.decode(text);
  } catch {
    return undefined;
  }
}

/** ed25519 over the message's UTF-8 bytes; the address is the public key, the signature base58. */
export function createSolanaVerifier(): SiwxVerifier {
  return {
    namespace: 'solana',
    async verify({ data, message, signature }) {
      const publicKey = decode(data.address);
      const bytes = decode(signature);
      if (publicKey?.length !== 32 || bytes?.length !== 64) return false;
      try {
        return ed25519.verify(bytes, new TextEncoder().encode(message), publicKey);
      } catch {
        return false;
      }
    },
  };
}
