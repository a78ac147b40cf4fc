// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import type { Connector } from '@latch/kernel';
import { createEip155Adapter } from './adapter.js';
import { REQUEST_PROVIDER_EVENT } from './discovery/eip6963.js';
import { ETHEREUM_INITIALIZED_EVENT } from './discovery/injected.js';
import { announce, createPage, SVG_ICON, walletDetail } from './test-support/announcements.js';
import { announceWallet } from '@latch/testkit';

const injectedProvider = { request: async () => [] };

function watch(adapter: ReturnType<typeof createEip155Adapter>) {
  const lists: (readonly Connector[])[] = [];
  const unwatch = adapter.watchConnectors((connectors) => lists.push(connectors));
  return { lists, latest: () => lists.at(-1) ?? [], ids: () => (lists.at(-1) ?? []).map((c) => c.id), unwatch };
}

describe('watchConnectors: EIP-6963 wallets', () => {
  it('lists an announced wallet as an ANNOUNCED eip155 connector keyed by rdns', () => {
    const page = createPage();
    const detail = walletDetail('io.metamask', { name: 'MetaMask' });
    announceWallet(page, detail);
    const { latest } = watch(createEip155Adapter({ target: page, isMobile: () => false }));
    expect(latest()).toEqual([
      {
        id: 'io.metamask',
        name: 'MetaMask',
        type: 'ANNOUNCED',
        chain: 'eip155',
        icon: SVG_ICON,
        rdns: 'io.metamask',
        installed: true,
        provider: detail.provider,
      },
    ]);
  });

  it('drops malformed announcements without losing the valid ones', () => {
    const page = createPage();
    const { ids } = watch(createEip155Adapter({ target: page, isMobile: () => false }));
    announce(page, walletDetail('io.metamask'));
    announce(page, walletDetail('com.remote', { icon: 'https://tracker.example/icon.png' }));
    announce(page, walletDetail('com.nouuid', { uuid: undefined }));
    announce(page, walletDetail('com.norequest', { provider: {} }));
    announce(page, null);
    announce(page, walletDetail('me.rainbow'));
    expect(ids()).toEqual(['io.metamask', 'me.rainbow']);
  });

  it('keeps announcement order and replaces a wallet that re-announces under the same rdns', () => {
    const page = createPage();
    const { latest, ids } = watch(createEip155Adapter({ target: page, isMobile: () => false }));
    announce(page, walletDetail('com.coinbase.wallet'));
    announce(page, walletDetail('io.metamask'));
    const again = walletDetail('com.coinbase.wallet');
    announce(page, again);
    expect(ids()).toEqual(['com.coinbase.wallet', 'io.metamask']);
    expect(latest()[0]?.provider).toBe(again.provider);
  });

  it('discovers a wallet that loaded before the app, because watching dispatches requestProvider', () => {
    const page = createPage();
    announceWallet(page, walletDetail('io.metamask'), { announceOnLoad: false }); // its load-time announcement was missed
    const { ids } = watch(createEip155Adapter({ target: page, isMobile: () => false }));
    expect(ids()).toEqual(['io.metamask']);
  });

  it('discovers a wallet that loads after the app and announces itself', () => {
    const page = createPage();
    const { lists, ids } = watch(createEip155Adapter({ target: page, isMobile: () => false }));
    expect(lists).toEqual([[]]);
    announceWallet(page, walletDetail('io.metamask'));
    expect(ids()).toEqual(['io.metamask']);
  });

  it('touches nothing when created; dispatches the request only when watched; stops on unwatch', () => {
    const page = createPage();
    const requests = vi.fn();
    page.addEventListener(REQUEST_PROVIDER_EVENT, requests);
    const adapter = createEip155Adapter({ target: page, isMobile: () => false });
    expect(requests).not.toHaveBeenCalled();
    const { lists, unwatch } = watch(adapter);
    expect(requests).toHaveBeenCalledTimes(1);
    unwatch();
    announce(page, walletDetail('io.metamask'));
    expect(lists).toEqual([[]]);
  });

  it('uses window by default', () => {
    const unload = announceWallet(window, walletDetail('io.metamask'), { announceOnLoad: false });
    const { ids, unwatch } = watch(createEip155Adapter({ isMobile: () => false }));
    expect(ids()).toEqual(['io.metamask']);
    unwatch();
    unload();
  });
});

describe('watchConnectors: the legacy Browser Wallet (§5)', () => {
  it('is shown on mobile when window.ethereum exists and no wallet announced itself', () => {
    const { latest } = watch(createEip155Adapter({ target: createPage(injectedProvider), isMobile: () => true }));
    expect(latest()).toEqual([
      { id: 'injected', name: 'Browser Wallet', type: 'INJECTED', chain: 'eip155', installed: true, provider: injectedProvider },
    ]);
  });

  it('is hidden on desktop', () => {
    const { lists } = watch(createEip155Adapter({ target: createPage(injectedProvider), isMobile: () => false }));
    expect(lists).toEqual([[]]);
  });

  it('is hidden on mobile without window.ethereum, or with one that is not a provider', () => {
    expect(watch(createEip155Adapter({ target: createPage(), isMobile: () => true })).lists).toEqual([[]]);
    expect(watch(createEip155Adapter({ target: createPage({ isMetaMask: true }), isMobile: () => true })).lists).toEqual([[]]);
  });

  it('gives way on mobile as soon as an EIP-6963 wallet announces itself', () => {
    const page = createPage(injectedProvider);
    const { ids } = watch(createEip155Adapter({ target: page, isMobile: () => true }));
    expect(ids()).toEqual(['injected']);
    announce(page, walletDetail('io.metamask'));
    expect(ids()).toEqual(['io.metamask']);
  });

  it('appears when an in-app browser injects window.ethereum late', () => {
    const page = createPage();
    const { ids } = watch(createEip155Adapter({ target: page, isMobile: () => true }));
    expect(ids()).toEqual([]);
    page.ethereum = injectedProvider;
    page.dispatchEvent(new Event(ETHEREUM_INITIALIZED_EVENT));
    expect(ids()).toEqual(['injected']);
  });
});
