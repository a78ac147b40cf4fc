import type { ConnectorWallet } from '@latch/kernel';
import { BUNDLED_WALLETCONNECT_WALLETS } from './bundledWallets.js';
import type { ConnectorSettings } from './settings.js';
import { fetchWalletRegistry, parseWalletRegistry, selectWallets, type WalletConnectWallet } from './walletRegistry.js';

/* The wallets All Wallets lists through WalletConnect: loaded when the visitor opens that view. */

const registries = new WeakMap<ConnectorSettings, Promise<WalletConnectWallet[]>>();

/** The configured registry: a self-hosted file (fetched once per page), an inline list, or the bundled one. */
function registryOf(settings: ConnectorSettings): Promise<WalletConnectWallet[]> {
  let registry = registries.get(settings);
  if (!registry) {
    const { walletRegistryUrl: url, walletRegistry: inline } = settings;
    registry = url ? fetchWalletRegistry(url) : Promise.resolve(inline ? parseWalletRegistry(inline) : [...BUNDLED_WALLETCONNECT_WALLETS]);
    registries.set(settings, registry);
    // A failed fetch is asked again the next time the visitor opens All Wallets.
    registry.catch(() => registries.delete(settings));
  }
  return registry;
}

const SERVED = ['eip155', 'solana'];

export async function listWallets(settings: ConnectorSettings, search?: string): Promise<ConnectorWallet[]> {
  const wallets = (await registryOf(settings)).filter((w) => !w.namespaces || w.namespaces.some((ns) => SERVED.includes(ns)));
  return selectWallets(wallets, settings, search).map((wallet) => ({ id: wallet.id, name: wallet.name, icon: wallet.icon, data: wallet }));
}
