import { type ConnectorWallet, retryableImport, type WalletRegistryService } from '@latch/kernel';
import { BUNDLED_WALLETS } from './bundledWallets.js';
import { createListRegistry } from './listRegistry.js';
import { walletKey } from './walletSections.js';

/*
 * The logos are data (about 5 kB gzip): a chunk of their own, loaded when All Wallets first lists wallets, so the
 * view's code stays small. Both lists below wait for it, so the wallets appear with their logos, never letters first
 * (letters only when the logos could not be fetched).
 */
// When the logos cannot be fetched the wallets are listed with their initials, and the next list fetches the logos anew
// (the kernel's retryableImport says why the same import would not).
const logosCode = /* @__PURE__ */ retryableImport(() => import('./bundledWalletLogos.js'));
const loadLogos = (): Promise<Readonly<Record<string, string>>> =>
  logosCode().then(
    (m) => m.BUNDLED_WALLET_LOGOS,
    () => ({}),
  );

/** The bundled registry with each wallet's logo where one ships (data: URIs: showing them requests nothing). */
export function bundledWalletRegistry(): WalletRegistryService {
  return {
    async listWallets(request) {
      const logos = await loadLogos();
      const wallets = BUNDLED_WALLETS.map((w) => (logos[w.id] ? { ...w, imageUrl: logos[w.id] } : w));
      return createListRegistry(wallets).listWallets(request);
    },
  };
}

/** Wallets a connector plugin listed without an icon (WalletConnect's own list) wear the bundled logo of that name. */
export async function withBundledLogos<T extends { wallet: ConnectorWallet }>(entries: T[]): Promise<T[]> {
  if (entries.every(({ wallet }) => wallet.icon)) return entries;
  const logos = await loadLogos();
  const logoOf = (name: string) => {
    const bundled = BUNDLED_WALLETS.find((w) => walletKey(w.name) === walletKey(name));
    return bundled && logos[bundled.id];
  };
  return entries.map((entry) => (entry.wallet.icon ? entry : { ...entry, wallet: { ...entry.wallet, icon: logoOf(entry.wallet.name) } }));
}
