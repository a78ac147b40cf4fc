import { p2tr, p2wpkh, WIF } from '@scure/btc-signer';
import { pubECDSA, pubSchnorr } from '@scure/btc-signer/utils.js';
import { hex } from '@scure/base';
import type { BitcoinNetworkParams } from './bitcoinNetworks.js';

/** A 32-byte secp256k1 secret key from hex (with or without `0x`). */
export function secretKeyBytes(secretKeyHex: string): Uint8Array {
  const clean = typeof secretKeyHex === 'string' ? secretKeyHex.replace(/^0x/i, '') : '';
  if (!/^[0-9a-fA-F]{64}$/.test(clean)) throw new TypeError('A Bitcoin secret key must be 32 bytes of hex');
  return hex.decode(clean.toLowerCase());
}

export interface PaymentKey {
  readonly secret: Uint8Array;
  /** Compressed secp256k1 public key, hex. */
  readonly publicKey: string;
  /** Native SegWit (P2WPKH): `bcrt1q…` on regtest. */
  readonly address: string;
  readonly script: Uint8Array;
}

export interface OrdinalsKey {
  readonly secret: Uint8Array;
  /** x-only public key, hex (what Taproot wallets report). */
  readonly publicKey: string;
  /** Taproot key path (P2TR): `bcrt1p…` on regtest. */
  readonly address: string;
  readonly script: Uint8Array;
}

export function paymentKeyOf(secretKeyHex: string, network: BitcoinNetworkParams): PaymentKey {
  const secret = secretKeyBytes(secretKeyHex);
  const publicKey = pubECDSA(secret, true);
  const payment = p2wpkh(publicKey, network);
  return { secret, publicKey: hex.encode(publicKey), address: payment.address!, script: payment.script };
}

export function ordinalsKeyOf(secretKeyHex: string, network: BitcoinNetworkParams): OrdinalsKey {
  const secret = secretKeyBytes(secretKeyHex);
  const publicKey = pubSchnorr(secret);
  const payment = p2tr(publicKey, undefined, network);
  return { secret, publicKey: hex.encode(publicKey), address: payment.address!, script: payment.script };
}

/** The P2WPKH address of a secret key on a network (a test's expected address). */
export function bitcoinPaymentAddress(secretKeyHex: string, network: BitcoinNetworkParams): string {
  return paymentKeyOf(secretKeyHex, network).address;
}

/** The P2TR address of a secret key on a network. */
export function bitcoinOrdinalsAddress(secretKeyHex: string, network: BitcoinNetworkParams): string {
  return ordinalsKeyOf(secretKeyHex, network).address;
}

/** Wallet Import Format, as `bip322-js`'s Signer takes keys. */
export function wifOf(secretKeyHex: string, network: BitcoinNetworkParams): string {
  return WIF(network).encode(secretKeyBytes(secretKeyHex));
}
