import { makeCosmoshubPath } from '@cosmjs/amino';
import { Bip39, EnglishMnemonic, Secp256k1, Slip10, Slip10Curve } from '@cosmjs/crypto';
import { fromHex } from '@cosmjs/encoding';

export interface WalletKey {
  readonly privkey: Uint8Array;
  /** Compressed (33 bytes). */
  readonly pubkey: Uint8Array;
}

const PRIVATE_KEY_HEX = /^(?:0x)?([0-9a-fA-F]{64})$/;

/**
 * A secp256k1 key from 32 bytes of hex, or from a BIP-39 mnemonic at Cosmos Hub's path m/44'/118'/0'/0/0 (what Keplr
 * derives for coin type 118, so a test can use the same mnemonic in Keplr).
 */
export async function walletKeyFrom(mnemonicOrPrivateKey: string): Promise<WalletKey> {
  if (typeof mnemonicOrPrivateKey !== 'string') throw new TypeError('mnemonicOrPrivateKey must be a string');
  const hex = PRIVATE_KEY_HEX.exec(mnemonicOrPrivateKey.trim());
  let privkey: Uint8Array;
  if (hex) {
    privkey = fromHex(hex[1]!.toLowerCase());
  } else {
    const seed = await Bip39.mnemonicToSeed(new EnglishMnemonic(mnemonicOrPrivateKey.trim().replace(/\s+/g, ' ')));
    privkey = Slip10.derivePath(Slip10Curve.Secp256k1, seed, makeCosmoshubPath(0)).privkey;
  }
  const { pubkey } = Secp256k1.makeKeypair(privkey);
  return { privkey, pubkey: Secp256k1.compressPubkey(pubkey) };
}
