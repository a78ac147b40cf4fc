import { readUntrustedProperty } from '@latch/kernel';
import type { Wallet } from '@wallet-standard/base';
import { WALLET_STANDARD_ID_PREFIX } from '../constants.js';
import { readDataIcon, readName } from './untrusted.js';

/** A registered Bitcoin Wallet Standard wallet that passed validation. */
export interface StandardWalletEntry {
  readonly kind: 'wallet-standard';
  /** The connector id: `ws:<wallet name>` (the standard gives wallets no other stable identifier). */
  readonly id: string;
  readonly name: string;
  readonly icon: string;
  readonly provider: Wallet;
}

/** A feature object of an untrusted wallet when it carries `method`. */
export function readStandardFeature(wallet: unknown, name: string, method: string): Record<string, unknown> | undefined {
  const feature = readUntrustedProperty(readUntrustedProperty(wallet, 'features'), name);
  return typeof readUntrustedProperty(feature, method) === 'function' ? (feature as Record<string, unknown>) : undefined;
}

/** Whether a value is a Wallet Standard wallet with `bitcoin:connect` (how Bitcoin wallets are told apart). */
export function isBitcoinStandardWallet(value: unknown): value is Wallet {
  return readStandardFeature(value, 'bitcoin:connect', 'connect') !== undefined;
}

/** A registration the adapter can use (a name, a `data:` icon, `bitcoin:connect`), or undefined, including for hostile objects. */
export function readStandardWallet(wallet: unknown): StandardWalletEntry | undefined {
  try {
    const name = readName(readUntrustedProperty(wallet, 'name'));
    const icon = readDataIcon(readUntrustedProperty(wallet, 'icon'));
    if (!name || !icon || !isBitcoinStandardWallet(wallet)) return undefined;
    return { kind: 'wallet-standard', id: WALLET_STANDARD_ID_PREFIX + name, name, icon, provider: wallet };
  } catch {
    return undefined;
  }
}
