import type { Connector } from '@latch/kernel';
import { afterEach, describe, expect, it } from 'vitest';
import { createToyAdapter } from './adapter.js';
import { installToyWallet } from './announce.js';
import { TOY_ANNOUNCE_EVENT, TOY_REQUEST_EVENT } from './protocol.js';
import { ALICE_KEY, BOB_KEY } from './toy.testSupport.js';
import { createToyWallet } from './wallet.js';
import { TOY_WALLET_ICON } from './walletInfo.js';

const RPC_URL = 'http://127.0.0.1:9'; // never called: discovery touches no network
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function watch(target: EventTarget) {
  const lists: (readonly Connector[])[] = [];
  const adapter = createToyAdapter({ target });
  cleanups.push(adapter.watchConnectors((list) => lists.push(list)));
  return { adapter, lists, latest: () => lists.at(-1) ?? [] };
}

const announce = (target: EventTarget, detail: unknown) => target.dispatchEvent(new CustomEvent(TOY_ANNOUNCE_EVENT, { detail }));

describe('toy adapter discovery', () => {
  it('asks wallets to announce when watching starts, and lists an installed wallet as an ANNOUNCED toy connector', () => {
    const target = new EventTarget();
    const wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: RPC_URL });
    cleanups.push(installToyWallet(wallet, target)); // its first announcement went unheard
    let requests = 0;
    target.addEventListener(TOY_REQUEST_EVENT, () => requests++);
    const { latest } = watch(target);
    expect(requests).toBe(1);
    expect(latest()).toEqual([
      {
        id: 'io.latch.toywallet',
        name: 'Latch Toy Wallet',
        icon: TOY_WALLET_ICON,
        type: 'ANNOUNCED',
        chain: 'toy',
        installed: true,
        provider: wallet,
      },
    ]);
  });

  it('finds a wallet that announces after watching started, keeping order and one entry per id', () => {
    const target = new EventTarget();
    const { lists, latest } = watch(target);
    expect(lists).toEqual([[]]);
    const first = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: RPC_URL });
    const second = createToyWallet({ secretKey: BOB_KEY, rpcUrl: RPC_URL, id: 'dev.second', name: 'Second' });
    cleanups.push(installToyWallet(first, target), installToyWallet(second, target));
    expect(latest().map((c) => c.id)).toEqual(['io.latch.toywallet', 'dev.second']);
    const pushed = lists.length;
    target.dispatchEvent(new Event(TOY_REQUEST_EVENT)); // both announce again: nothing changed, nothing pushed
    expect(lists).toHaveLength(pushed);
    expect(latest()[1]?.provider).toBe(second);
  });

  it('ignores malformed announcements, including ones whose getters throw', () => {
    const target = new EventTarget();
    const { latest } = watch(target);
    const wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: RPC_URL });
    const info = wallet.info;
    const hostile = new Proxy(
      {},
      {
        get() {
          throw new Error('gotcha');
        },
      },
    );
    const malformed: unknown[] = [
      null,
      'a string',
      { info },
      { wallet },
      { info: { ...info, id: '' }, wallet },
      { info: { ...info, id: 'has spaces' }, wallet },
      { info: { ...info, name: '   ' }, wallet },
      { info: { ...info, icon: 'https://tracker.example/icon.png' }, wallet },
      { info, wallet: { ...wallet, signMessage: 'not a function' } },
      { info, wallet: { connect: () => undefined } },
      hostile,
      { info: hostile, wallet },
      { info, wallet: hostile },
    ];
    for (const detail of malformed) announce(target, detail);
    expect(latest()).toEqual([]);
    announce(target, { info, wallet });
    expect(latest().map((c) => c.id)).toEqual([info.id]);
  });

  it('stops listening once the last watcher unsubscribes', () => {
    const target = new EventTarget();
    const lists: (readonly Connector[])[] = [];
    const unwatch = createToyAdapter({ target }).watchConnectors((list) => lists.push(list));
    unwatch();
    cleanups.push(installToyWallet(createToyWallet({ secretKey: ALICE_KEY, rpcUrl: RPC_URL }), target));
    expect(lists).toEqual([[]]);
  });

  it('touches no global when there is neither a target nor a window', () => {
    const lists: (readonly Connector[])[] = [];
    const unwatch = createToyAdapter().watchConnectors((list) => lists.push(list));
    unwatch();
    expect(lists).toEqual([[]]);
  });
});
