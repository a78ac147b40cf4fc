import { createBip122WalletNamespace } from './walletBip122.js';
import { createCosmosNamespace } from './walletCosmos.js';
import type { WalletNamespace, WalletNamespaceFactory } from './walletNamespace.js';
import { createPolkadotWalletNamespace } from './walletPolkadot.js';
import type { WalletConnectWalletOptions } from './walletTypes.js';

/** The extra namespaces' factories; each returns undefined when the options give it no key. */
const FACTORIES: readonly WalletNamespaceFactory[] = [createBip122WalletNamespace, createPolkadotWalletNamespace, createCosmosNamespace];

export async function createWalletNamespaces(options: WalletConnectWalletOptions): Promise<WalletNamespace[]> {
  const made = await Promise.all(FACTORIES.map((factory) => factory(options)));
  return [...made.filter((each): each is WalletNamespace => each !== undefined), ...(options.namespaces ?? [])];
}
