import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installToyWallet } from './announce.js';
import { startToyChain, type ToyChain } from './chain.js';
import { TOY_ANNOUNCE_EVENT, TOY_REQUEST_EVENT } from './protocol.js';
import { ALICE, ALICE_KEY, BOB, BOB_KEY, call, memoryStorage, verifyToySignature } from './toy.testSupport.js';
import { createToyWallet } from './wallet.js';
import { toyAuthorisationKey } from './walletStore.js';

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: { code?: unknown }) => error.code,
  );
const nextTick = () => new Promise((resolve) => setTimeout(resolve, 0));

let chain: ToyChain;
beforeEach(async () => {
  chain = await startToyChain();
  chain.fund(ALICE, 3_000_000n);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await chain.stop();
});

describe('createToyWallet', () => {
  it('describes itself with an id, a name and an inline SVG icon', () => {
    const wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl, name: 'Mine', id: 'dev.mine' });
    expect(wallet.info).toEqual({ id: 'dev.mine', name: 'Mine', icon: expect.stringMatching(/^data:image\/svg\+xml,/) });
    expect(Object.isFrozen(wallet.info)).toBe(true);
    expect(wallet.address).toBe(ALICE);
    expect(() => createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl, icon: 'https://example.com/i.png' })).toThrow(TypeError);
    expect(() => createToyWallet({ secretKey: 'nope', rpcUrl: chain.rpcUrl })).toThrow(/32 bytes of hex/);
  });

  it('connects, and answers getAccount silently only while authorised', async () => {
    const wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl });
    expect(await wallet.getAccount()).toBeNull();
    expect(await wallet.connect()).toEqual({ address: ALICE, chainId: 'local' });
    expect(await wallet.getAccount()).toEqual({ address: ALICE, chainId: 'local' });
    await wallet.disconnect();
    expect(await wallet.getAccount()).toBeNull();
  });

  it('signs messages with the real key: ed25519 over the UTF-8 bytes verifies, for that message only', async () => {
    const wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl });
    expect(await codeOf(wallet.signMessage('hi'))).toBe(4100); // not authorised yet
    await wallet.connect();
    const message = 'Sign in to Latch ✓';
    const signature = await wallet.signMessage(message);
    expect(signature).toMatch(/^[0-9a-f]{128}$/);
    expect(verifyToySignature({ message, signature, address: ALICE })).toBe(true);
    expect(verifyToySignature({ message: `${message}!`, signature, address: ALICE })).toBe(false);
    expect(verifyToySignature({ message, signature, address: BOB })).toBe(false);
  });

  it('declines with 4001 while a failure switch is on, and works again once it is off', async () => {
    const wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl });
    wallet.setFailure('rejectConnect', true);
    const refused = await wallet.connect().catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 4001, message: 'User rejected the request.' });
    expect(await wallet.getAccount()).toBeNull();
    wallet.setFailure('rejectConnect', false);
    await wallet.connect();
    wallet.setFailure('rejectSign', true);
    expect(await codeOf(wallet.signMessage('x'))).toBe(4001);
    expect(await codeOf(wallet.sendTransfer({ to: BOB, amount: '1' }))).toBe(4001);
    wallet.setFailure('rejectSign', false);
    expect(verifyToySignature({ message: 'x', signature: await wallet.signMessage('x'), address: ALICE })).toBe(true);
    expect(() => wallet.setFailure('rejectEverything' as 'rejectSign', true)).toThrow(TypeError);
  });

  it('sends a transfer the chain verifies and applies, with the next nonce each time', async () => {
    const wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl });
    expect(await codeOf(wallet.sendTransfer({ to: BOB, amount: '1' }))).toBe(4100);
    await wallet.connect();
    const first = await wallet.sendTransfer({ to: BOB, amount: '1000000' });
    const second = await wallet.sendTransfer({ to: BOB, amount: '500000' });
    expect(chain.balanceOf(BOB)).toBe(1_500_000n);
    expect(chain.balanceOf(ALICE)).toBe(1_500_000n);
    expect((await call(chain.rpcUrl, 'toy_getTransaction', [second])).result).toMatchObject({ from: ALICE, to: BOB, nonce: 1 });
    expect(first).not.toBe(second);
    // The chain's own refusal comes back with its code and message.
    const tooMuch = await wallet.sendTransfer({ to: BOB, amount: '9000000' }).catch((error: unknown) => error);
    expect(tooMuch).toMatchObject({ code: -32003, message: expect.stringMatching(/insufficient funds/) });
    expect(await codeOf(wallet.sendTransfer({ to: 'toy1nope', amount: '1' }))).toBe(-32602);
    expect(await codeOf(wallet.sendTransfer({ to: BOB, amount: '1.5' }))).toBe(-32602);
  });

  it('emits disconnect when the user disconnects in the wallet, and forgets the site', async () => {
    const wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl });
    await wallet.connect();
    const heard = vi.fn();
    const off = wallet.on('disconnect', heard);
    wallet.disconnectFromWallet();
    await nextTick();
    expect(heard).toHaveBeenCalledTimes(1);
    expect(await wallet.getAccount()).toBeNull();
    off();
    wallet.disconnectFromWallet();
    await nextTick();
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('switches account: an authorised site hears accountChanged with the new address, others hear nothing', async () => {
    const wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl });
    const heard = vi.fn();
    wallet.on('accountChanged', heard);
    expect(wallet.switchAccount(BOB_KEY)).toBe(BOB);
    await nextTick();
    expect(heard).not.toHaveBeenCalled();
    await wallet.connect();
    expect(wallet.switchAccount(ALICE_KEY)).toBe(ALICE);
    await nextTick();
    expect(heard).toHaveBeenCalledWith({ address: ALICE, chainId: 'local' });
    expect(await wallet.getAccount()).toEqual({ address: ALICE, chainId: 'local' });
  });

  it('keeps the authorisation in localStorage, so a reloaded page reconnects silently', async () => {
    const storage = memoryStorage();
    vi.stubGlobal('localStorage', storage);
    const before = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl, id: 'dev.toy' });
    await before.connect();
    expect(storage.getItem(toyAuthorisationKey('dev.toy'))).toBe('true');
    expect(toyAuthorisationKey('dev.toy')).toBe('latch-toy-wallet:dev.toy:connected');
    const reloaded = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl, id: 'dev.toy' });
    expect(await reloaded.getAccount()).toEqual({ address: ALICE, chainId: 'local' });
    expect(await createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl, id: 'dev.other' }).getAccount()).toBeNull();
    reloaded.disconnectFromWallet();
    expect(storage.getItem(toyAuthorisationKey('dev.toy'))).toBeNull();
    expect(await createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl, id: 'dev.toy' }).getAccount()).toBeNull();
  });
});

describe('installToyWallet', () => {
  it('announces a frozen { info, wallet } at once and on every toy:requestWallet, until uninstalled', () => {
    const target = new EventTarget();
    const details: unknown[] = [];
    target.addEventListener(TOY_ANNOUNCE_EVENT, (event) => details.push((event as CustomEvent).detail));
    const wallet = createToyWallet({ secretKey: ALICE_KEY, rpcUrl: chain.rpcUrl });
    const uninstall = installToyWallet(wallet, target);
    expect(details).toEqual([{ info: wallet.info, wallet }]);
    expect(Object.isFrozen(details[0])).toBe(true);
    target.dispatchEvent(new Event(TOY_REQUEST_EVENT));
    expect(details).toHaveLength(2);
    uninstall();
    target.dispatchEvent(new Event(TOY_REQUEST_EVENT));
    expect(details).toHaveLength(2);
  });
});
