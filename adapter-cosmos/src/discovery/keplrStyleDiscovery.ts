import { readUntrustedProperty } from '@latch/kernel';
import { isKeplrStyleWallet, type KeplrStyleWallet } from '../wallet/walletShape.js';
import { type KeplrStyleWalletDescriptor, keystoreEventsOf } from './walletDescriptors.js';

/** The page as discovery sees it: where wallets inject, and where `load` and keystore events fire. */
export type CosmosWalletWindow = EventTarget;

export interface FoundWallet {
  readonly descriptor: KeplrStyleWalletDescriptor;
  readonly wallet: KeplrStyleWallet;
}

function readPath(root: unknown, path: readonly string[]): unknown {
  return path.reduce<unknown>((value, key) => readUntrustedProperty(value, key), root);
}

/** The Keplr-style wallets present now, in descriptor order; malformed injections are ignored, and a wallet found in a shared slot and its own is listed once. */
export function findWallets(page: CosmosWalletWindow | undefined, descriptors: readonly KeplrStyleWalletDescriptor[]): FoundWallet[] {
  if (!page) return [];
  const found = descriptors.flatMap((descriptor) => {
    const wallet = readPath(page, descriptor.path);
    return isKeplrStyleWallet(wallet) ? [{ descriptor, wallet }] : [];
  });
  const owned = new Set(found.filter((entry) => !entry.descriptor.sharedSlot).map((entry) => entry.wallet));
  return found.filter((entry) => !entry.descriptor.sharedSlot || !owned.has(entry.wallet));
}

/** The events after which wallets may have appeared or changed: the page's `load` and every keystore event. */
export function discoveryEvents(descriptors: readonly KeplrStyleWalletDescriptor[]): string[] {
  return [...new Set(['load', ...descriptors.flatMap(keystoreEventsOf)])];
}

/** Listens to `events` on the page; returns the unsubscribe. */
export function listen(page: CosmosWalletWindow | undefined, events: readonly string[], listener: () => void): () => void {
  if (!page) return () => undefined;
  for (const event of events) page.addEventListener(event, listener);
  return () => {
    for (const event of events) page.removeEventListener(event, listener);
  };
}
