import { createKeyPairSignerFromPrivateKeyBytes, getBase16Encoder, type KeyPairSigner } from '@solana/kit';

/** A real ed25519 key pair from a 32-byte hex seed (with or without 0x), as `solana-keygen` derives it. */
export function keyPairFromSeed(secretKeySeed: string): Promise<KeyPairSigner> {
  const hex = secretKeySeed.replace(/^0x/i, '');
  if (!/^[0-9a-fA-F]{64}$/.test(hex)) {
    return Promise.reject(new Error('mock Solana wallet: secretKeySeed must be 32 bytes of hex (64 hex digits)'));
  }
  return createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(getBase16Encoder().encode(hex.toLowerCase())));
}

/** The base58 address a seed's wallet will show, for funding it before it connects. */
export async function solanaAddressFromSeed(secretKeySeed: string): Promise<string> {
  return (await keyPairFromSeed(secretKeySeed)).address;
}
