import type { Connector } from '@latch/kernel';
import { afterEach, describe, expect, it } from 'vitest';
import { createCosmosAdapter } from '../adapter.js';
import { createPage, installWallets, privateKey } from '../test-support/cosmosFixture.js';
import { findWallets } from './keplrStyleDiscovery.js';
import { KEPLR_STYLE_WALLETS } from './walletDescriptors.js';

const KEY = privateKey(0x21);
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** Watches connectors on `page`; returns every list reported, in order. */
function watch(page: EventTarget, options: Parameters<typeof createCosmosAdapter>[0] = {}) {
  const adapter = createCosmosAdapter({ window: page, ...options });
  const lists: (readonly Connector[])[] = [];
  cleanups.push(adapter.watchConnectors((list) => lists.push(list)));
  return lists;
}
const names = (list: readonly Connector[] | undefined) => list?.map((connector) => connector.name);

describe('Keplr-style discovery', () => {
  it('lists Keplr, Leap and Cosmostation (its Keplr-compatible provider) as injected cosmos connectors', () => {
    const page = createPage();
    const { wallets } = installWallets(page, [
      { global: 'keplr', mnemonicOrPrivateKey: KEY },
      { global: 'leap', mnemonicOrPrivateKey: KEY },
      { global: 'cosmostationKeplr', mnemonicOrPrivateKey: KEY },
    ]);
    page.cosmostation = { providers: { keplr: wallets.cosmostationKeplr } };
    const lists = watch(page);
    expect(lists).toHaveLength(1);
    expect(lists[0]).toEqual([
      { id: 'keplr', name: 'Keplr', type: 'INJECTED', chain: 'cosmos', installed: true, provider: wallets.keplr },
      { id: 'leap', name: 'Leap', type: 'INJECTED', chain: 'cosmos', installed: true, provider: wallets.leap },
      { id: 'cosmostation', name: 'Cosmostation', type: 'INJECTED', chain: 'cosmos', installed: true, provider: wallets.cosmostationKeplr },
    ]);
  });

  it('lists a wallet that fills window.keplr and its own slot once, under its own name', () => {
    const page = createPage();
    const { wallets } = installWallets(page, [{ global: 'leap', mnemonicOrPrivateKey: KEY }]);
    page.keplr = wallets.leap; // Leap answering as Keplr
    expect(findWallets(page, KEPLR_STYLE_WALLETS).map((found) => found.descriptor.name)).toEqual(['Leap']);
  });

  it('finds wallets injected after discovery started when the page loads or a keystore changes, and reports each change once', () => {
    const page = createPage();
    const lists = watch(page);
    expect(lists).toEqual([[]]);
    installWallets(page, [{ global: 'keplr', mnemonicOrPrivateKey: KEY }]);
    page.dispatchEvent(new Event('load'));
    page.dispatchEvent(new Event('load')); // nothing new: no report
    expect(names(lists.at(-1))).toEqual(['Keplr']);
    installWallets(page, [{ global: 'leap', mnemonicOrPrivateKey: KEY }]);
    page.dispatchEvent(new Event('keplr_keystorechange'));
    expect(lists.map(names)).toEqual([[], ['Keplr'], ['Keplr', 'Leap']]);
    expect(lists[2]![0]).toBe(lists[1]![0]); // the same connector object for the same wallet
  });

  it('ignores malformed injections, throwing getters and wallets missing part of the API', () => {
    const page = createPage();
    Object.defineProperty(page, 'keplr', {
      get() {
        throw new Error('hostile getter');
      },
    });
    page.leap = { enable() {}, getKey() {} }; // no getOfflineSigner
    page.cosmostation = { providers: 'nope' };
    expect(watch(page)).toEqual([[]]);
  });

  it('withholds message signing for a wallet without signArbitrary, and takes host-defined wallets with a data: icon', () => {
    const page = createPage();
    const noSigning = { enable() {}, getKey() {}, getOfflineSigner() {} };
    page.station = { keplr: noSigning };
    const icon = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>';
    const lists = watch(page, {
      wallets: [
        { id: 'station', name: 'Station', path: ['station', 'keplr'], icon },
        { id: 'bad-icon', name: 'Bad icon', path: ['station', 'keplr'], icon: 'https://tracker.example/icon.png' },
      ],
    });
    expect(lists[0]?.[0]).toMatchObject({ id: 'station', name: 'Station', icon, capabilities: { signMessage: false } });
    expect(lists[0]?.[1]).not.toHaveProperty('icon');
  });

  it('stops listening when unsubscribed, and touches nothing without a window', () => {
    const page = createPage();
    const adapter = createCosmosAdapter({ window: page });
    const lists: (readonly Connector[])[] = [];
    adapter.watchConnectors((list) => lists.push(list))();
    installWallets(page, [{ global: 'keplr', mnemonicOrPrivateKey: KEY }]);
    page.dispatchEvent(new Event('load'));
    expect(lists).toEqual([[]]);
    const headless: (readonly Connector[])[] = [];
    createCosmosAdapter().watchConnectors((list) => headless.push(list))();
    expect(headless).toEqual([[]]);
  });
});
