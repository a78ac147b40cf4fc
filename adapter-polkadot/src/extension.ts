import { readUntrustedProperty } from '@latch/kernel';
import type { AccountEntry } from '@latch/kernel';
import { decodeAddress } from './address.js';
import { encodeAddress } from './addressEncoding.js';

/** An account an extension shares with the site: the address as the extension wrote it, and its account id. */
export interface ExtensionAccount {
  readonly address: string;
  readonly publicKey: Uint8Array;
}

/** More accounts than this from one extension is not a keyring but a flood: the rest are ignored. */
const MAX_ACCOUNTS = 100;

/** The Substrate accounts of an untrusted `accounts.get()` answer, first one first, without duplicates or Ethereum keys. */
export function parseAccounts(list: unknown): ExtensionAccount[] {
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const accounts: ExtensionAccount[] = [];
  for (const item of list.slice(0, MAX_ACCOUNTS)) {
    const address = readUntrustedProperty(item, 'address');
    const decoded = readUntrustedProperty(item, 'type') === 'ethereum' ? undefined : decodeAddress(address);
    if (!decoded) continue;
    const id = decoded.publicKey.join(',');
    if (seen.has(id)) continue;
    seen.add(id);
    accounts.push({ address: address as string, publicKey: decoded.publicKey });
  }
  return accounts;
}

/** §6: polkadot accounts are plain accounts ('eoa'), written in the network's address format. */
export function toAccountEntries(accounts: readonly ExtensionAccount[], ss58Format: number): AccountEntry[] {
  return accounts.map((account) => ({ address: encodeAddress(account.publicKey, ss58Format), type: 'eoa' }));
}
