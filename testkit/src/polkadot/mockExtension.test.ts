import { signatureVerify } from '@polkadot/util-crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMockPolkadotExtension, polkadotAddressFromUri } from './createMockExtension.js';
import { installMockPolkadotExtension } from './install.js';
import { installMockPolkadotExtensions } from './installWallets.js';
import type { MockInjectedAccount } from './walletTypes.js';

afterEach(() => {
  vi.useRealTimers();
});

const ALICE = '//Alice';
const BOB = '//Bob';
const ALICE_GENERIC = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY';
const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: Error) => error.message,
  );

describe('createMockPolkadotExtension', () => {
  it('prompts only a site it does not know yet, and remembers it', async () => {
    const extension = await createMockPolkadotExtension({ key: 'polkadot-js', accounts: [{ uri: ALICE, name: 'Alice' }] });
    expect(extension.isAuthorised()).toBe(false);
    const injected = await extension.entry.enable('Latch');
    expect(extension.connectPrompts).toBe(1);
    await extension.entry.enable('Latch');
    expect(extension.connectPrompts).toBe(1);
    expect(await injected.accounts.get()).toEqual([{ address: ALICE_GENERIC, name: 'Alice', type: 'sr25519' }]);
    expect(extension.addresses(0)).toEqual([await polkadotAddressFromUri(ALICE, 0)]);
    await expect(extension.entry.enable('')).rejects.toThrow(/name of the dapp/);
  });

  it('refuses the prompt with the words of polkadot{.js} (no code), and nothing is authorised', async () => {
    const extension = await createMockPolkadotExtension({
      key: 'polkadot-js',
      accounts: [{ uri: ALICE }],
      failures: { rejectConnect: true },
    });
    expect(await refusal(extension.entry.enable('Latch'))).toBe('The source this site is not allowed to interact with this extension');
    expect(extension.isAuthorised()).toBe(false);
  });

  it('signs raw bytes wrapped in <Bytes> with the real key; refuses when declined, for unknown accounts and non-hex data', async () => {
    const extension = await createMockPolkadotExtension({ key: 'talisman', accounts: [{ uri: ALICE }, { uri: BOB, type: 'ed25519' }] });
    const { signer } = await extension.entry.enable('Latch');
    const bob = await polkadotAddressFromUri(BOB, 2, 'ed25519');
    const signed = await signer.signRaw({ address: bob, data: hex('hello'), type: 'bytes' });
    expect(signed.id).toBe(1);
    expect(signatureVerify('hello', signed.signature, bob)).toMatchObject({ isValid: true, crypto: 'ed25519' });
    expect(signatureVerify('hello', signed.signature, ALICE_GENERIC).isValid).toBe(false);
    expect(await refusal(signer.signRaw({ address: await polkadotAddressFromUri('//Carol'), data: '0x00', type: 'bytes' }))).toMatch(
      /Unable to find a keypair/,
    );
    expect(await refusal(signer.signRaw({ address: ALICE_GENERIC, data: 'hello', type: 'bytes' }))).toMatch(/expected hex/);
    extension.setFailure('rejectSign', true);
    expect(await refusal(signer.signRaw({ address: ALICE_GENERIC, data: '0x00', type: 'bytes' }))).toBe('Cancelled');
    expect(() => extension.setFailure('nope' as 'rejectSign', true)).toThrow(TypeError);
  });

  it('tells subscribers the current list at once, an account switch, and [] when the visitor revokes the site', async () => {
    const extension = await createMockPolkadotExtension({ key: 'subwallet-js', accounts: [{ uri: ALICE }] });
    const injected = await extension.entry.enable('Latch');
    const heard: MockInjectedAccount[][] = [];
    const unsubscribe = injected.accounts.subscribe((list) => heard.push(list));
    expect(heard).toEqual([]); // asynchronously, like a message from the background page
    await Promise.resolve();
    expect(heard.map((list) => list.map((a) => a.address))).toEqual([[ALICE_GENERIC]]);
    const bob = extension.switchAccount({ uri: BOB, name: 'Bob' });
    expect(bob).toBe(await polkadotAddressFromUri(BOB));
    expect(heard.at(-1)!.map((a) => a.name)).toEqual(['Bob', 'Account 1']);
    extension.switchAccount(ALICE); // already shared: moved first, not duplicated
    expect(heard.at(-1)!.map((a) => a.address)).toEqual([ALICE_GENERIC, bob]);
    extension.disconnectFromWallet();
    expect(heard.at(-1)).toEqual([]);
    expect(extension.isAuthorised()).toBe(false);
    await expect(injected.accounts.get()).rejects.toThrow(/not allowed to interact/);
    await expect(injected.signer.signRaw({ address: ALICE_GENERIC, data: '0x00', type: 'bytes' })).rejects.toThrow(/not allowed/);
    unsubscribe();
    extension.switchAccount(BOB);
    expect(heard.at(-1)).toEqual([]);
  });

  it('stops telling a subscriber that unsubscribed', async () => {
    const extension = await createMockPolkadotExtension({ key: 'polkadot-js', accounts: [{ uri: ALICE }] });
    const injected = await extension.entry.enable('Latch');
    const heard: unknown[] = [];
    injected.accounts.subscribe((list) => heard.push(list))();
    await Promise.resolve();
    extension.switchAccount(BOB);
    expect(heard).toEqual([]);
  });

  it('refuses bad options', async () => {
    await expect(createMockPolkadotExtension({ key: 'has space', accounts: [{ uri: ALICE }] })).rejects.toThrow(TypeError);
    await expect(createMockPolkadotExtension({ key: 'ok', accounts: [] })).rejects.toThrow(TypeError);
  });
});

describe('installing into a page', () => {
  it('adds the entry to injectedWeb3 next to what is there, lists the extension for tests, and uninstalls', async () => {
    const extension = await createMockPolkadotExtension({ key: 'talisman', accounts: [{ uri: ALICE }] });
    const other = { version: '1', enable: async () => ({}) };
    const target: { injectedWeb3?: Record<string, unknown>; __latchPolkadotWallets?: Record<string, unknown> } = {
      injectedWeb3: { other },
    };
    const uninstall = installMockPolkadotExtension(extension, target);
    expect(target.injectedWeb3).toEqual({ other, talisman: extension.entry });
    expect(Object.isFrozen(extension.entry)).toBe(true);
    expect(target.__latchPolkadotWallets).toEqual({ talisman: extension });
    uninstall();
    expect(target.injectedWeb3).toEqual({ other });
    expect(target.__latchPolkadotWallets).toEqual({});
  });

  it('installMockPolkadotExtensions injects late when asked, but lists the extensions at once', () => {
    vi.useFakeTimers();
    const target: { injectedWeb3?: Record<string, unknown>; __latchPolkadotWallets?: Record<string, unknown> } = {};
    const { wallets } = installMockPolkadotExtensions(
      {
        wallets: [
          { key: 'polkadot-js', accounts: [{ uri: ALICE }] },
          { key: 'talisman', accounts: [{ uri: BOB }] },
        ],
        injectAfterMs: 300,
      },
      target,
    );
    expect(target.__latchPolkadotWallets).toBe(wallets);
    expect(Object.keys(wallets)).toEqual(['polkadot-js', 'talisman']);
    expect(target.injectedWeb3).toBeUndefined();
    vi.advanceTimersByTime(300);
    expect(Object.keys(target.injectedWeb3!)).toEqual(['polkadot-js', 'talisman']);
    expect(() =>
      installMockPolkadotExtensions(
        {
          wallets: [
            { key: 'a', accounts: [{ uri: ALICE }] },
            { key: 'a', accounts: [{ uri: BOB }] },
          ],
        },
        {},
      ),
    ).toThrow(/share the key "a"/);
  });
});
