import { readUntrustedProperty } from '@latch/kernel';
import type { WalletAccount } from '@wallet-standard/base';
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features';
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
  SolanaTransactionVersion,
} from '@solana/wallet-standard-features';
import { isSolanaChain } from './chains.js';
import { isSolanaAddress } from './address.js';

/* Feature names are spelled out (not imported) so the entry chunk imports no runtime code from the feature packages. */
type FeatureMap = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignAndSendTransactionFeature &
  SolanaSignTransactionFeature &
  SolanaSignMessageFeature &
  SolanaSignInFeature;
export type FeatureName = keyof FeatureMap;
export type Feature<K extends FeatureName> = FeatureMap[K];

/** The method each feature must carry to count as present. */
const FEATURE_METHODS = {
  'standard:connect': 'connect',
  'standard:disconnect': 'disconnect',
  'standard:events': 'on',
  'solana:signAndSendTransaction': 'signAndSendTransaction',
  'solana:signTransaction': 'signTransaction',
  'solana:signMessage': 'signMessage',
  'solana:signIn': 'signIn',
} as const satisfies { [K in FeatureName]: keyof FeatureMap[K] };

export const SIGN_FEATURES = ['solana:signAndSendTransaction', 'solana:signTransaction', 'solana:signMessage'] as const;

/** The feature when it carries its method; wallets are untrusted, so every read is guarded. */
export function readFeature<K extends FeatureName>(wallet: unknown, name: K): Feature<K> | undefined {
  const feature = readUntrustedProperty(readUntrustedProperty(wallet, 'features'), name);
  return typeof readUntrustedProperty(feature, FEATURE_METHODS[name]) === 'function' ? (feature as Feature<K>) : undefined;
}

export function hasFeature(wallet: unknown, name: FeatureName): boolean {
  return readFeature(wallet, name) !== undefined;
}

/** The strings of an array property; empty when it is missing, not an array, or hostile. */
export function readStringList(value: unknown, key: string): string[] {
  try {
    const list = readUntrustedProperty(value, key);
    return Array.isArray(list) ? list.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

function isSolanaAccount(account: unknown): account is WalletAccount {
  const address = readUntrustedProperty(account, 'address');
  if (typeof address !== 'string' || !isSolanaAddress(address)) return false;
  const chains = readStringList(account, 'chains');
  // An account that lists no chain at all is taken at its word that its base58 key is a Solana one.
  return chains.length === 0 || chains.some(isSolanaChain);
}

/** The accounts in a wallet reply that are Solana accounts; a multi-chain wallet may return others too. */
export function solanaAccounts(accounts: unknown): WalletAccount[] {
  try {
    return Array.isArray(accounts) ? accounts.filter(isSolanaAccount) : [];
  } catch {
    return [];
  }
}

/** Version 0 when the wallet accepts it (smaller, lookup tables possible), else legacy. */
export function transactionVersionFor(feature: { supportedTransactionVersions?: unknown } | undefined): SolanaTransactionVersion {
  const versions = readUntrustedProperty(feature, 'supportedTransactionVersions');
  return Array.isArray(versions) && versions.includes(0) ? 0 : 'legacy';
}

/** A Uint8Array, also one made in another realm (a wallet's content script may run in its own). */
export function isByteArray(value: unknown): value is Uint8Array {
  return value instanceof Uint8Array || (ArrayBuffer.isView(value) && Object.prototype.toString.call(value) === '[object Uint8Array]');
}
