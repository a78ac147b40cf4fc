import { describe, expect, it } from 'vitest';
import { readInjectedExtensions } from './injectedWeb3.js';

const enable = async () => ({});
const ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

describe('readInjectedExtensions (window.injectedWeb3)', () => {
  it('lists every well-formed extension in injection order: product names for known keys, the key otherwise', () => {
    const injectedWeb3 = {
      'polkadot-js': { version: '0.63.1', enable },
      talisman: { version: '1.0', enable },
      'subwallet-js': { version: '1.3', enable },
      'my-extension': { version: '0.1', connect: enable }, // the newer connect(origin) shape
    };
    expect(readInjectedExtensions({ injectedWeb3 }).map(({ key, name, rdns }) => ({ key, name, rdns }))).toEqual([
      { key: 'polkadot-js', name: 'polkadot{.js}', rdns: undefined },
      { key: 'talisman', name: 'Talisman', rdns: 'xyz.talisman' },
      { key: 'subwallet-js', name: 'SubWallet', rdns: 'app.subwallet' },
      { key: 'my-extension', name: 'my-extension', rdns: undefined },
    ]);
    expect(readInjectedExtensions({ injectedWeb3 })[0]?.entry).toBe(injectedWeb3['polkadot-js']);
  });

  it('keeps an icon only when it is a data: image URI', () => {
    const injectedWeb3 = {
      a: { enable, icon: ICON },
      b: { enable, icon: 'https://tracker.example/icon.png' },
      c: { enable, icon: 'javascript:alert(1)' },
      d: { enable, icon: 42 },
    };
    expect(readInjectedExtensions({ injectedWeb3 }).map((extension) => extension.icon)).toEqual([ICON, undefined, undefined, undefined]);
  });

  it('ignores malformed announcements: bad keys, entries without enable/connect, throwing getters, hostile maps', () => {
    const throwing = Object.defineProperty({}, 'enable', {
      get() {
        throw new Error('boom');
      },
    });
    const injectedWeb3 = {
      ok: { enable },
      'has space': { enable },
      '': { enable },
      ['x'.repeat(65)]: { enable },
      noEnable: { version: '1' },
      notFunction: { enable: 'yes' },
      nullEntry: null,
      stringEntry: 'enable',
      throwing,
      __proto__: { inherited: { enable } },
    };
    expect(readInjectedExtensions({ injectedWeb3 }).map((extension) => extension.key)).toEqual(['ok']);
    const hostile = new Proxy(
      {},
      {
        ownKeys() {
          throw new Error('no');
        },
      },
    );
    expect(readInjectedExtensions({ injectedWeb3: hostile })).toEqual([]);
    for (const holder of [undefined, null, {}, { injectedWeb3: null }, { injectedWeb3: 'x' }])
      expect(readInjectedExtensions(holder)).toEqual([]);
    const flood = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`ext${i}`, { enable }]));
    expect(readInjectedExtensions({ injectedWeb3: flood })).toHaveLength(32);
  });

  it("does not take a known key's product name from an inherited property", () => {
    const injectedWeb3 = { toString: { enable }, constructor: { enable } };
    expect(readInjectedExtensions({ injectedWeb3 }).map((extension) => extension.name)).toEqual(['toString', 'constructor']);
  });
});
