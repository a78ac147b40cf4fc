import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { installSharedSessionWallet } from '@latch/testkit/shared-session';
import {
  startChains,
  stubBrowserStorage,
  TOY_ADDRESS,
  verifyEvmSignature,
  verifyToySignature,
  walletOptions,
  type Chains,
} from './sharedSession.testSupport.js';
import { createSharedSessionWallet } from '@latch/testkit/shared-session';
import { sharedSessionKey } from '@latch/testkit/shared-session';

let chains: Chains;
beforeAll(async () => {
  chains = await startChains();
});
afterAll(() => chains?.stop());
afterEach(() => vi.unstubAllGlobals());

const SESSION_KEY = sharedSessionKey('io.latch.sharedwallet');

describe('a shared session across reloads', () => {
  it('restore() gives a fresh wallet (the next page load) the same session, silently, with its own providers', async () => {
    const storage = stubBrowserStorage();
    const first = createSharedSessionWallet(walletOptions(chains));
    expect(await first.restore()).toBeNull();
    await first.propose(['eip155', 'solana', 'toy']);

    const reloaded = createSharedSessionWallet(walletOptions(chains));
    expect(reloaded.session).toEqual(['eip155', 'solana', 'toy']);
    const { eip155, solana, toy } = reloaded.providers;
    const connect = vi.spyOn(solana!.features['standard:connect'], 'connect');
    const restored = await reloaded.restore();
    expect(restored).toEqual({ namespaces: { eip155, solana, toy } });
    expect(restored?.namespaces.eip155).not.toBe(first.providers.eip155);
    // Silent: the Solana wallet was only asked without a prompt.
    expect(connect.mock.calls.every(([input]) => input?.silent === true)).toBe(true);

    expect(await eip155!.request({ method: 'eth_accounts' })).toEqual([chains.evmAddress]);
    const signature = (await eip155!.request({ method: 'personal_sign', params: ['after a reload', chains.evmAddress] })) as string;
    expect(await verifyEvmSignature({ message: 'after a reload', signature, address: chains.evmAddress })).toBe(true);
    expect(solana!.accounts.map((account) => account.address)).toEqual([chains.solanaAddress]);
    expect(
      verifyToySignature({ message: 'after a reload', signature: await toy!.signMessage('after a reload'), address: TOY_ADDRESS }),
    ).toBe(true);
    expect(storage.getItem(SESSION_KEY)).toBe('["eip155","solana","toy"]');
  });

  it('without a localStorage it keeps the session in its own memory', async () => {
    expect(typeof localStorage).toBe('undefined');
    const wallet = createSharedSessionWallet(walletOptions(chains));
    await wallet.propose(['toy', 'eip155']);
    expect(await wallet.restore()).toEqual({ namespaces: { toy: wallet.providers.toy, eip155: wallet.providers.eip155 } });
    expect(await createSharedSessionWallet(walletOptions(chains)).restore()).toBeNull();
  });

  it.each([
    ['not JSON', '{not json'],
    ['not a list', '{"namespaces":["eip155"]}'],
    ['a list of something else', '[1,2]'],
  ])('a corrupt persisted session (%s) restores as null and is forgotten', async (_kind, stored) => {
    const storage = stubBrowserStorage();
    await createSharedSessionWallet(walletOptions(chains)).propose(['eip155', 'solana', 'toy']);
    storage.setItem(SESSION_KEY, stored);
    const reloaded = createSharedSessionWallet(walletOptions(chains));
    expect(reloaded.session).toBeNull();
    expect(await reloaded.restore()).toBeNull();
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it('leaves out a namespace whose provider lost its authorisation, and is null when none kept it', async () => {
    const storage = stubBrowserStorage();
    await createSharedSessionWallet(walletOptions(chains)).propose(['eip155', 'solana', 'toy']);
    storage.removeItem('latch-toy-wallet:io.latch.sharedwallet.toy:connected');
    storage.setItem(SESSION_KEY, '["eip155","solana","toy","cosmos"]');
    const reloaded = createSharedSessionWallet(walletOptions(chains));
    expect(Object.keys((await reloaded.restore())?.namespaces ?? {})).toEqual(['eip155', 'solana']);
    expect(storage.getItem(SESSION_KEY)).toBe('["eip155","solana"]');

    await reloaded.providers.eip155!.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] });
    await reloaded.providers.solana!.features['standard:disconnect'].disconnect();
    expect(await createSharedSessionWallet(walletOptions(chains)).restore()).toBeNull();
    expect(storage.getItem(SESSION_KEY)).toBeNull();
  });

  it('installSharedSessionWallet puts the wallet where the connector looks for it', () => {
    const target = {};
    const wallet = installSharedSessionWallet({ id: 'dev.phone', toy: { secretKey: '01'.repeat(32), rpcUrl: chains.toy.rpcUrl } }, target);
    expect(target).toEqual({ __latchSharedWallet: wallet });
    expect(wallet.info.id).toBe('dev.phone');

    vi.stubGlobal('__latchSharedWallet', undefined);
    const global = installSharedSessionWallet(walletOptions(chains));
    expect((globalThis as { __latchSharedWallet?: unknown }).__latchSharedWallet).toBe(global);
  });
});
