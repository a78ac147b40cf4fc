import type { AdapterEvent } from '@latch/kernel';
import { polkadotAddressFromUri } from '@latch/testkit';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createPolkadotAdapter } from './adapter.js';
import { polkadot } from './networks/relayChains.js';
import { createExtension, mountAdapter, settle, unmountAll, uri } from './test-support/polkadotFixture.js';

// @polkadot/extension-dapp does the extension work (web3Enable, web3FromSource, web3Accounts, web3AccountsSubscribe)
// on a page of the adapter's own holding only the extension the visitor picked (src/dapp/extensionPage.ts). What the
// library does without that is in extensionDapp.library.test.ts; here, what the adapter keeps on a real page layout:
// the extensions on the global `window` (no `target` option), as on a site.

const [ALICE, BOB] = [uri('ScopeAlice'), uri('ScopeBob')];
const host = globalThis as { window?: { injectedWeb3?: Record<string, unknown> } };

afterEach(() => {
  unmountAll();
  delete host.window;
  vi.restoreAllMocks();
});

/** An adapter as a site mounts it: no target, so it reads `window.injectedWeb3`. */
function mountOnWindow(injectedWeb3: Record<string, unknown>) {
  host.window = { injectedWeb3 };
  const adapter = createPolkadotAdapter();
  const events: AdapterEvent[] = [];
  const teardown = adapter.setup?.({ networks: [polkadot], emit: (event) => events.push(event) });
  let list: readonly { id: string }[] = [];
  const unwatch = adapter.watchConnectors((next) => (list = next));
  const connector = (id: string) => {
    const found = list.find((candidate) => candidate.id === id);
    if (!found) throw new Error(`extension '${id}' was not discovered`);
    return found as Parameters<typeof adapter.connect>[0];
  };
  return { adapter, events, connector, unmount: () => (unwatch(), teardown?.()) };
}

/** Fails the test if anything reaches the console while `run` runs. */
async function quietly<T>(run: () => Promise<T>): Promise<T> {
  const spies = (['info', 'log', 'warn', 'error', 'debug'] as const).map((level) => vi.spyOn(console, level));
  try {
    return await run();
  } finally {
    for (const spy of spies) expect(spy).not.toHaveBeenCalled();
  }
}

describe('the extension the visitor picked, through @polkadot/extension-dapp', () => {
  it("enables only that one: the other installed extension is never asked, and the page's injectedWeb3 is untouched", async () => {
    const [chosen, other] = [await createExtension('talisman', [ALICE]), await createExtension('polkadot-js', [BOB])];
    const injectedWeb3 = { talisman: chosen.entry, 'polkadot-js': other.entry };
    const page = mountOnWindow(injectedWeb3);
    const result = await page.adapter.connect(page.connector('talisman'), { network: polkadot });
    expect(result.address).toBe(await polkadotAddressFromUri(ALICE, 0));
    expect([chosen.connectPrompts, other.connectPrompts]).toEqual([1, 0]);
    expect(host.window).toEqual({ injectedWeb3: { talisman: chosen.entry, 'polkadot-js': other.entry } });
    expect(host.window?.injectedWeb3).toBe(injectedWeb3);
    page.unmount();
  });

  it("connects beside another extension's null, string or enable-less entry, without an unhandled error", async () => {
    const chosen = await createExtension('subwallet-js', [ALICE]);
    const page = mountOnWindow({ broken: null, junk: 'not an extension', bare: { version: '1' }, 'subwallet-js': chosen.entry });
    await settle();
    expect(await page.adapter.connect(page.connector('subwallet-js'), { network: polkadot })).toMatchObject({
      address: await polkadotAddressFromUri(ALICE, 0),
    });
    expect(await page.adapter.reconnect!('subwallet-js', { network: polkadot })).toMatchObject({
      result: { address: await polkadotAddressFromUri(ALICE, 0) },
    });
    page.unmount();
  });

  it('keeps a refusal a 4001 with the extension\'s words, apart from "no account shared" (4100)', async () => {
    const refusing = await createExtension('talisman', [ALICE], { failures: { rejectConnect: true } });
    const sharesNone = { version: '1', enable: async () => ({ accounts: { get: async () => [], subscribe: () => () => undefined } }) };
    const page = mountOnWindow({ talisman: refusing.entry, 'polkadot-js': sharesNone });
    await expect(page.adapter.connect(page.connector('talisman'), { network: polkadot })).rejects.toMatchObject({
      code: 4001,
      category: 'CONNECTOR_ERROR',
      message: expect.stringMatching(/not allowed to interact/),
    });
    await expect(page.adapter.connect(page.connector('polkadot-js'), { network: polkadot })).rejects.toMatchObject({
      code: 4100,
      message: 'polkadot{.js} shared no Polkadot account with this site',
    });
    page.unmount();
  });

  it('leaves the console alone: no chatter from the library on connect, a refusal or an account switch', async () => {
    const extension = await createExtension('polkadot-js', [ALICE]);
    const refusing = await createExtension('talisman', [BOB], { failures: { rejectConnect: true } });
    const page = mountOnWindow({ 'polkadot-js': extension.entry, talisman: refusing.entry });
    await quietly(async () => {
      await page.adapter.connect(page.connector('polkadot-js'), { network: polkadot });
      await page.adapter.connect(page.connector('talisman'), { network: polkadot }).catch(() => undefined);
      await page.adapter.connect(page.connector('polkadot-js'), { network: polkadot });
      extension.switchAccount(BOB);
      await settle();
    });
    expect(page.events).toEqual([
      { type: 'accountsChanged', accounts: expect.arrayContaining([{ address: await polkadotAddressFromUri(BOB, 0), type: 'eoa' }]) },
    ]);
    page.unmount();
  });

  it('connects two adapters at once, each to its own extension, while a third waits on a prompt never answered', async () => {
    const [first, second] = [await createExtension('talisman', [ALICE]), await createExtension('polkadot-js', [BOB])];
    const neverAnswers = { version: '1', enable: () => new Promise(() => undefined) };
    const waiting = mountAdapter([{ key: 'subwallet-js', entry: neverAnswers }], [polkadot]);
    void waiting.adapter.connect(waiting.connector('subwallet-js'), { network: polkadot });
    const a = mountAdapter([{ key: 'talisman', entry: first.entry }], [polkadot]);
    const b = mountAdapter([{ key: 'polkadot-js', entry: second.entry }], [polkadot]);
    const [one, two] = await Promise.all([
      a.adapter.connect(a.connector('talisman'), { network: polkadot }),
      b.adapter.connect(b.connector('polkadot-js'), { network: polkadot }),
    ]);
    expect([one.address, two.address]).toEqual([await polkadotAddressFromUri(ALICE, 0), await polkadotAddressFromUri(BOB, 0)]);
    expect([first.connectPrompts, second.connectPrompts]).toEqual([1, 1]);
  });
});
