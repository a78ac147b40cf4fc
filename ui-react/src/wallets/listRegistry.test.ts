import { describe, expect, it } from 'vitest';
import { BUNDLED_WALLETS } from './bundledWallets.js';
import { createListRegistry } from './listRegistry.js';

const wallets = Array.from({ length: 5 }, (_, i) => ({ id: `w${i}`, name: i % 2 ? `Odd Wallet ${i}` : `Even ${i}` }));

describe('createListRegistry', () => {
  it('pages through the list and reports the total', async () => {
    const registry = createListRegistry(wallets);
    expect(await registry.listWallets({ page: 1, pageSize: 2 })).toEqual({ wallets: wallets.slice(0, 2), total: 5 });
    expect(await registry.listWallets({ page: 3, pageSize: 2 })).toEqual({ wallets: wallets.slice(4), total: 5 });
    expect((await registry.listWallets({ page: 4, pageSize: 2 })).wallets).toEqual([]);
  });

  it('searches names without regard to case or surrounding spaces', async () => {
    const registry = createListRegistry(wallets);
    const found = await registry.listWallets({ page: 1, pageSize: 10, search: '  odd WALLET ' });
    expect(found.wallets.map((w) => w.id)).toEqual(['w1', 'w3']);
    expect(found.total).toBe(2);
  });
});

describe('BUNDLED_WALLETS', () => {
  it('are unique, and each links to an https homepage with no image to fetch', () => {
    expect(new Set(BUNDLED_WALLETS.map((w) => w.id)).size).toBe(BUNDLED_WALLETS.length);
    for (const wallet of BUNDLED_WALLETS) {
      expect(wallet.homepage, wallet.id).toMatch(/^https:\/\//);
      expect(wallet.imageUrl, wallet.id).toBeUndefined();
    }
  });
});
