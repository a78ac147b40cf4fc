import { createRequire } from 'node:module';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createExtension, uri } from './test-support/polkadotFixture.js';

// What @polkadot/extension-dapp (the pinned version) does as published, on a page with several extensions: the library
// reads the global `window.injectedWeb3` and `document`, so each test gives it a page of its own and a fresh copy of
// the module (its state, `web3EnablePromise`, is module-wide). These are the reasons the adapter binds the library's
// globals to a page of its own (src/dapp/extensionPage.ts; README, "Only the chosen extension is asked"): web3Enable
// is the one way into web3Accounts, web3AccountsSubscribe and web3FromSource, and it cannot be pointed at one
// extension. A newer version that changes any of them fails here.

type Dapp = typeof import('@polkadot/extension-dapp');

const [ALICE, BOB] = [uri('DappAlice'), uri('DappBob')];
const page = globalThis as { window?: unknown; document?: unknown };
/** bundle.js as published: the adapter's build binds its globals to the adapter's page, but not under this query. */
const bundle = createRequire(import.meta.url)
  .resolve('@polkadot/extension-dapp/package.json')
  .replace(/package\.json$/, 'bundle.js');
let copies = 0;

/** A fresh copy of the library on a page whose `window.injectedWeb3` is `injectedWeb3`. */
async function onPage(injectedWeb3: Record<string, unknown>): Promise<Dapp> {
  page.window = { injectedWeb3 };
  page.document = { readyState: 'complete' };
  return (await import(/* @vite-ignore */ `${bundle}?unscoped&copy=${++copies}`)) as Dapp;
}

afterEach(() => {
  delete page.window;
  delete page.document;
  vi.restoreAllMocks();
});

/** Lets every pending promise callback run. */
const drain = () => new Promise((resolve) => setImmediate(resolve));

describe('@polkadot/extension-dapp 0.63.1 on a page with several extensions', () => {
  it('web3Enable asks every installed extension, not only the one the visitor picked', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const [chosen, other] = [await createExtension('talisman', [ALICE]), await createExtension('polkadot-js', [BOB])];
    const dapp = await onPage({ talisman: chosen.entry, 'polkadot-js': other.entry });
    const enabled = await dapp.web3Enable('Latch');
    expect(enabled.map(({ name }) => name)).toEqual(['talisman', 'polkadot-js']);
    expect([chosen.connectPrompts, other.connectPrompts]).toEqual([1, 1]); // the other extension prompted too
  });

  it('web3Enable waits for every extension: one that has not answered holds up the one that has', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const chosen = await createExtension('talisman', [ALICE]);
    let answer: (injected: unknown) => void = () => undefined;
    const pending = { version: '1', enable: () => new Promise((resolve) => (answer = resolve)) };
    const dapp = await onPage({ talisman: chosen.entry, 'polkadot-js': pending });
    let settled = false;
    const enabling = dapp.web3Enable('Latch').then((list) => ((settled = true), list));
    await drain();
    expect(chosen.connectPrompts).toBe(1); // the chosen extension answered…
    expect(settled).toBe(false); // …and web3Enable (so every web3* call after it) still waits for the other
    answer(await (await createExtension('polkadot-js', [BOB])).entry.enable('Latch'));
    expect((await enabling).map(({ name }) => name)).toEqual(['talisman', 'polkadot-js']);
  });

  it("logs a refusal to the console and drops it: the chosen extension is just missing, the visitor's answer is lost", async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const refusing = await createExtension('talisman', [ALICE], { failures: { rejectConnect: true } });
    const dapp = await onPage({ talisman: refusing.entry });
    expect(await dapp.web3Enable('Latch')).toEqual([]);
    expect(errors).toHaveBeenCalledWith(expect.stringMatching(/^Error initializing talisman: .*not allowed to interact/));
    await expect(dapp.web3FromSource('talisman')).rejects.toThrow('web3FromSource: Unable to find an injected talisman');
    expect(info).toHaveBeenCalledWith('web3Enable: Enabled 0 extensions: '); // its own console chatter, on every call
  });

  it('cannot be imported while another extension has a null entry; a string or an entry without enable is skipped', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const chosen = await createExtension('talisman', [ALICE]);
    await expect(onPage({ broken: null, talisman: chosen.entry })).rejects.toThrow(TypeError);
    expect(chosen.connectPrompts).toBe(0);
    const dapp = await onPage({ junk: 'not an extension', bare: { version: '1' }, talisman: chosen.entry });
    expect((await dapp.web3Enable('Latch')).map(({ name }) => name)).toEqual(['talisman']);
    expect(errors).toHaveBeenCalledTimes(2); // one console.error for each malformed neighbour
  });

  it('reads only the global window: an injection target the integrator gave the adapter is invisible to it', async () => {
    vi.spyOn(console, 'info').mockImplementation(() => undefined);
    const chosen = await createExtension('talisman', [ALICE]);
    const target = { injectedWeb3: { talisman: chosen.entry } };
    const dapp = await onPage({});
    expect(target.injectedWeb3.talisman).toBe(chosen.entry);
    expect(await dapp.web3Enable('Latch')).toEqual([]);
    expect(chosen.connectPrompts).toBe(0);
  });

  it('wrapBytes (its own entry point, which reads no window) wraps once: signing it again changes nothing', async () => {
    const { wrapBytes, unwrapBytes } = await import('@polkadot/extension-dapp/wrapBytes');
    const message = new TextEncoder().encode('Sign in to Latch');
    const wrapped = wrapBytes(message);
    expect(new TextDecoder().decode(wrapped)).toBe('<Bytes>Sign in to Latch</Bytes>');
    expect(wrapBytes(wrapped)).toEqual(wrapped);
    expect(unwrapBytes(wrapped)).toEqual(message);
  });
});
