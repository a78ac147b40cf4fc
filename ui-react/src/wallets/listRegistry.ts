import type { RegistryWallet, WalletRegistryService } from '@latch/kernel';

/** A wallet registry over a list held in memory: search by name, then page. No request. */
export function createListRegistry(wallets: readonly RegistryWallet[]): WalletRegistryService {
  return {
    async listWallets({ page, pageSize, search }) {
      const needle = search?.trim().toLowerCase() ?? '';
      const matches = needle ? wallets.filter((w) => w.name.toLowerCase().includes(needle)) : wallets;
      const start = Math.max(0, (page - 1) * pageSize);
      return { wallets: matches.slice(start, start + pageSize), total: matches.length };
    },
  };
}
