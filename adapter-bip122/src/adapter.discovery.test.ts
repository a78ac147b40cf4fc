import { createMockBitcoinWallet, installBitcoinWallet, MOCK_BITCOIN_WALLET_ICON } from '@latch/testkit';
import type { Wallet } from '@wallet-standard/base';
import { afterEach, describe, expect, it } from 'vitest';
import { createBitcoinRegtest } from './networks/regtest.js';
import { key, mountAdapter, SATS_CONNECTOR_ID, STANDARD_CONNECTOR_ID, unmountAll, WALLET_NAME } from './test-support/bitcoinFixture.js';

afterEach(unmountAll);

// Discovery reads the page only; these wallets never reach a node (the URL is a closed port).
const ESPLORA = 'http://127.0.0.1:9';
const network = createBitcoinRegtest({ esploraUrl: ESPLORA });
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';
const provider = () => ({ request: async () => ({ jsonrpc: '2.0', id: '1', result: null }) });
const wallet = (paymentKey = key(0x71), options: { id?: string; name?: string } = {}) =>
  createMockBitcoinWallet({ paymentKey, esploraUrl: ESPLORA, ...options });

describe('discovery of sats-connect providers (window.btc_providers and the default globals)', () => {
  it('lists a provider from btc_providers with its own name and data: icon, even one injected after watching began', () => {
    const mounted = mountAdapter([network]);
    expect(mounted.connectors()).toEqual([]);
    const mock = wallet();
    installBitcoinWallet(mock, mounted.page);
    expect(mounted.connectors()).toEqual([]); // nothing tells the adapter yet…
    mounted.page.dispatchEvent(new Event('pointerdown')); // …until the visitor presses something (the connect button)
    expect(mounted.connector(SATS_CONNECTOR_ID)).toMatchObject({
      name: WALLET_NAME,
      icon: MOCK_BITCOIN_WALLET_ICON,
      type: 'ANNOUNCED',
      chain: 'bip122',
      installed: true,
      provider: mock.provider,
    });
  });

  it.each(['load', 'DOMContentLoaded', 'focus', 'visibilitychange'])('reads the page again on %s', (type) => {
    const mounted = mountAdapter([network]);
    installBitcoinWallet(wallet(), mounted.page);
    mounted.page.dispatchEvent(new Event(type));
    expect(mounted.connectors().map((c) => c.id)).toEqual([SATS_CONNECTOR_ID]);
  });

  it('keeps the same connector objects while nothing changes, and reports a change once', () => {
    const mounted = mountAdapter([network]);
    installBitcoinWallet(wallet(), mounted.page);
    mounted.page.dispatchEvent(new Event('focus'));
    const first = mounted.connectors();
    const updates = mounted.updates();
    for (const type of ['focus', 'pointerdown', 'load']) mounted.page.dispatchEvent(new Event(type));
    expect(mounted.updates()).toBe(updates);
    expect(mounted.connectors()).toBe(first);
  });

  it('ignores malformed listings: no name, a remote icon, a path to nothing, a forbidden path, no request()', () => {
    const mounted = mountAdapter([network]);
    const page = mounted.page;
    page.Good = { BitcoinProvider: provider() };
    page.NoRequest = { BitcoinProvider: { connect() {} } };
    page.btc_providers = [
      { id: 'Good.BitcoinProvider', name: '', icon: ICON },
      { id: 'Good.BitcoinProvider', name: 'Remote Icon', icon: 'https://tracker.example/icon.png' },
      { id: 'Missing.BitcoinProvider', name: 'Missing', icon: ICON },
      { id: '__proto__.constructor', name: 'Prototype', icon: ICON },
      { id: 'NoRequest.BitcoinProvider', name: 'No Request', icon: ICON },
      { id: 'Good.BitcoinProvider; alert(1)', name: 'Injection', icon: ICON },
      null,
      'garbage',
      { id: 'Good.BitcoinProvider', name: 'Good Wallet', icon: ICON },
    ];
    page.dispatchEvent(new Event('focus'));
    expect(mounted.connectors().map((c) => [c.id, c.name])).toEqual([['sats-connect:Good.BitcoinProvider', 'Good Wallet']]);
  });

  it('survives hostile values: throwing getters, a proxy list, a non-array btc_providers', () => {
    const mounted = mountAdapter([network]);
    const page = mounted.page;
    Object.defineProperty(page, 'Evil', {
      get() {
        throw new Error('no');
      },
    });
    page.btc_providers = new Proxy([{ id: 'Evil.BitcoinProvider', name: 'Evil', icon: ICON }], {
      get(target, property) {
        if (property === '0') throw new Error('no');
        return Reflect.get(target, property);
      },
    });
    expect(() => page.dispatchEvent(new Event('focus'))).not.toThrow();
    expect(mounted.connectors()).toEqual([]);
    page.btc_providers = { 0: { id: 'x' }, length: 1 };
    page.dispatchEvent(new Event('focus'));
    expect(mounted.connectors()).toEqual([]);
  });

  it('lists an unlisted default provider once, under the name of the wallet that puts it there', () => {
    const mounted = mountAdapter([network]);
    const xverse = provider();
    mounted.page.XverseProviders = { BitcoinProvider: xverse };
    mounted.page.BitcoinProvider = xverse;
    mounted.page.dispatchEvent(new Event('focus'));
    expect(mounted.connectors()).toEqual([
      expect.objectContaining({ id: 'sats-connect:XverseProviders.BitcoinProvider', name: 'Xverse', type: 'INJECTED', provider: xverse }),
    ]);
    expect(mounted.connectors()[0]!.icon).toBeUndefined();
  });

  it('does not list a default provider that btc_providers already lists', () => {
    const mounted = mountAdapter([network]);
    const mock = wallet();
    installBitcoinWallet(mock, mounted.page, { defaultProvider: true });
    mounted.page.dispatchEvent(new Event('focus'));
    expect(mounted.connectors().map((c) => c.id)).toEqual([SATS_CONNECTOR_ID]);
  });

  it('stops listening once unwatched', () => {
    const mounted = mountAdapter([network]);
    mounted.unmount();
    installBitcoinWallet(wallet(), mounted.page);
    mounted.page.dispatchEvent(new Event('focus'));
    expect(mounted.updates()).toBe(1);
  });
});

describe('discovery of Bitcoin Wallet Standard wallets', () => {
  it('lists wallets with bitcoin:connect as they register and unregister, sorted by name, ws:<name> ids', () => {
    const mounted = mountAdapter([network]);
    const zed = wallet(key(0x72), { id: 'zed', name: 'Zed Bitcoin' });
    const alpha = wallet(key(0x73), { id: 'alpha', name: 'Alpha Bitcoin' });
    const unregisterZed = mounted.registry.register(zed.standardWallet);
    mounted.registry.register(alpha.standardWallet);
    expect(mounted.connectors().map((c) => [c.id, c.name, c.type])).toEqual([
      ['ws:Alpha Bitcoin', 'Alpha Bitcoin', 'ANNOUNCED'],
      ['ws:Zed Bitcoin', 'Zed Bitcoin', 'ANNOUNCED'],
    ]);
    unregisterZed();
    expect(mounted.connectors().map((c) => c.id)).toEqual(['ws:Alpha Bitcoin']);
  });

  it('ignores wallets without bitcoin:connect (a Solana wallet), without a data: icon, or hostile', () => {
    const mounted = mountAdapter([network]);
    const base = wallet().standardWallet;
    const solanaOnly = { ...base, name: 'Solana Only', features: { 'standard:connect': { version: '1.0.0', connect: async () => ({}) } } };
    const remoteIcon = { ...base, name: 'Remote', icon: 'https://x.example/i.png' };
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error('no');
        },
      },
    );
    mounted.registry.register(solanaOnly as unknown as Wallet, remoteIcon as unknown as Wallet, hostile as Wallet);
    expect(mounted.connectors()).toEqual([]);
  });

  it('lists a wallet that speaks both protocols once, through sats-connect', () => {
    const mounted = mountAdapter([network]);
    const both = wallet();
    mounted.registry.register(both.standardWallet);
    expect(mounted.connectors().map((c) => c.id)).toEqual([STANDARD_CONNECTOR_ID]);
    installBitcoinWallet(both, mounted.page);
    mounted.page.dispatchEvent(new Event('focus'));
    expect(mounted.connectors().map((c) => c.id)).toEqual([SATS_CONNECTOR_ID]);
  });
});
