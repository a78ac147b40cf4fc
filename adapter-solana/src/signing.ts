import { getBase58Decoder } from '@solana/kit';
import { LatchError, readUntrustedProperty } from '@latch/kernel';
import type { SolanaSignInInput } from '@solana/wallet-standard-features';
import type { Wallet, WalletAccount } from '@wallet-standard/base';
import { SIGNATURE_BYTES } from './constants.js';
import { isByteArray, readFeature, solanaAccounts } from './walletFeatures.js';
import { toWalletError, unsupportedFeature } from './walletErrors.js';

/* Loaded on first use: base58 comes from @solana/kit, which the entry chunk must not import. */

function toBase58Signature(bytes: unknown): string {
  if (!isByteArray(bytes) || bytes.length !== SIGNATURE_BYTES) {
    throw new LatchError('The wallet returned an invalid signature', { category: 'CONNECTOR_ERROR' });
  }
  return getBase58Decoder().decode(bytes);
}

/** solana:signMessage over the UTF-8 bytes of `message`; resolves with the base58 ed25519 signature. */
export async function signMessageWithWallet(wallet: Wallet, walletName: string, account: WalletAccount, message: string): Promise<string> {
  const feature = readFeature(wallet, 'solana:signMessage');
  if (!feature) throw unsupportedFeature(walletName, 'solana:signMessage');
  let output: unknown;
  try {
    [output] = await feature.signMessage({ account, message: new TextEncoder().encode(message) });
  } catch (err) {
    throw toWalletError(err);
  }
  return toBase58Signature(readUntrustedProperty(output, 'signature'));
}

/** What a Sign In With Solana (solana:signIn) returns, ready for a SIWX session (§3: message, signature). */
export interface SolanaSignInResult {
  address: string;
  /** The exact text the wallet signed (it fills in fields the input left out, such as the domain). */
  message: string;
  signedMessage: Uint8Array;
  /** base58 ed25519 signature over `signedMessage`. */
  signature: string;
}

export async function signInWithWallet(wallet: Wallet, walletName: string, input: SolanaSignInInput): Promise<SolanaSignInResult> {
  const feature = readFeature(wallet, 'solana:signIn');
  if (!feature) throw unsupportedFeature(walletName, 'solana:signIn');
  let output: unknown;
  try {
    [output] = await feature.signIn(input);
  } catch (err) {
    throw toWalletError(err);
  }
  const [account] = solanaAccounts([readUntrustedProperty(output, 'account')]);
  const signedMessage = readUntrustedProperty(output, 'signedMessage');
  if (!account || !isByteArray(signedMessage)) {
    throw new LatchError('The wallet returned an invalid sign-in reply', { category: 'CONNECTOR_ERROR' });
  }
  return {
    address: account.address,
    message: new TextDecoder().decode(signedMessage),
    signedMessage,
    signature: toBase58Signature(readUntrustedProperty(output, 'signature')),
  };
}
