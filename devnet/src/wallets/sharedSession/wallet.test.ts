import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { toyAddressFromSecretKey } from '@latch/testkit/toy';
import {
  startChains,
  stubBrowserStorage,
  TOY_ADDRESS,
  verifyEvmSignature,
  verifySolanaSignature,
  verifyToySignature,
  walletOptions,
  type Chains,
} from './sharedSession.testSupport.js';
import { createSharedSessionWallet } from '@latch/testkit/shared-session';
import { SHARED_WALLET_ICON } from '@latch/testkit/shared-session';

/** A toy account that receives the transfer. */
const BOB = toyAddressFromSecretKey('b2'.repeat(32));

let chains: Chains;
beforeAll(async () => {
  chains = await startChains();
});
afterAll(() => chains?.stop());
afterEach(() => vi.unstubAllGlobals());

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Every provider's own, silent view of whether the site is authorised. */
async function authorisation(wallet: ReturnType<typeof createSharedSessionWallet>) {
  const { eip155, solana, toy } = wallet.providers;
  return {
    eip155: ((await eip155!.request({ method: 'eth_accounts' })) as string[]).length > 0,
    solana: (await solana!.features['standard:connect'].connect({ silent: true })).accounts.length > 0,
    toy: (await toy!.getAccount()) !== null,
  };
}

describe('createSharedSessionWallet', () => {
  it('holds one provider per namespace it was given, named after its id', () => {
    const wallet = createSharedSessionWallet(walletOptions(chains));
    expect(wallet.info).toEqual({ id: 'io.latch.sharedwallet', name: 'Latch Shared Wallet', icon: SHARED_WALLET_ICON });
    expect(wallet.namespaces).toEqual(['eip155', 'solana', 'toy']);
    expect(wallet.providers.eip155?.address).toBe(chains.evmAddress);
    expect(wallet.providers.solana?.name).toBe('io.latch.sharedwallet.solana');
    expect(wallet.providers.toy?.info.id).toBe('io.latch.sharedwallet.toy');
    expect(wallet.session).toBeNull();

    const toyOnly = createSharedSessionWallet({
      id: 'dev.phone',
      name: 'Phone',
      toy: { secretKey: '01'.repeat(32), rpcUrl: chains.toy.rpcUrl },
    });
    expect(toyOnly.namespaces).toEqual(['toy']);
    expect(toyOnly.providers).toEqual({ toy: expect.objectContaining({ info: expect.objectContaining({ id: 'dev.phone.toy' }) }) });
    expect(() => createSharedSessionWallet({})).toThrow(/at least one of eip155, solana or toy/);
    expect(() => createSharedSessionWallet({ ...walletOptions(chains), icon: 'https://example.com/i.svg' })).toThrow(
      /data:image\/svg\+xml/,
    );
  });

  it('a proposal authorises the site on every namespace, with providers that sign with the real keys', async () => {
    const storage = stubBrowserStorage();
    const wallet = createSharedSessionWallet(walletOptions(chains));
    const { eip155, solana, toy } = wallet.providers;
    const session = await wallet.propose(['eip155', 'solana', 'toy']);
    expect(session.namespaces).toEqual({ eip155, solana, toy });
    expect(await authorisation(wallet)).toEqual({ eip155: true, solana: true, toy: true });
    expect(wallet.session).toEqual(['eip155', 'solana', 'toy']);
    expect(storage.getItem('latch-shared-wallet:io.latch.sharedwallet:session')).toBe('["eip155","solana","toy"]');

    const message = 'one session, three keys';
    const evmSignature = (await eip155!.request({ method: 'personal_sign', params: [message, chains.evmAddress] })) as string;
    expect(await verifyEvmSignature({ message, signature: evmSignature, address: chains.evmAddress })).toBe(true);
    expect(await verifyEvmSignature({ message: 'another', signature: evmSignature, address: chains.evmAddress })).toBe(false);
    // Reads go to the real chain: anvil's first account holds 10,000 ETH.
    expect(BigInt((await eip155!.request({ method: 'eth_getBalance', params: [chains.evmAddress, 'latest'] })) as string)).toBe(10n ** 22n);

    const [account] = solana!.accounts;
    expect(account?.address).toBe(chains.solanaAddress);
    const bytes = new TextEncoder().encode(message);
    const [signed] = await solana!.features['solana:signMessage'].signMessage({ account: account!, message: bytes });
    expect(verifySolanaSignature({ message: bytes, signature: signed!.signature, address: chains.solanaAddress })).toBe(true);
    expect(verifySolanaSignature({ message: 'another', signature: signed!.signature, address: chains.solanaAddress })).toBe(false);

    const toySignature = await toy!.signMessage(message);
    expect(verifyToySignature({ message, signature: toySignature, address: TOY_ADDRESS })).toBe(true);
    expect(verifyToySignature({ message: 'another', signature: toySignature, address: TOY_ADDRESS })).toBe(false);
    // And the toy chain accepts the transfers it signs.
    await toy!.sendTransfer({ to: BOB, amount: '250000' });
    expect(chains.toy.balanceOf(BOB)).toBe(250_000n);
  });

  it('approves only what it serves, replaces the last session, and refuses a proposal it can serve none of', async () => {
    const wallet = createSharedSessionWallet(walletOptions(chains));
    await wallet.propose(['eip155', 'solana', 'toy']);
    const session = await wallet.propose(['cosmos', 'toy', 'toy']);
    expect(Object.keys(session.namespaces)).toEqual(['toy']);
    expect(wallet.session).toEqual(['toy']);
    expect(await authorisation(wallet)).toEqual({ eip155: false, solana: false, toy: true });

    const refused = wallet.propose(['cosmos', 'near']);
    await expect(refused).rejects.toMatchObject({ code: 5104 });
    await expect(refused).rejects.toThrow(
      'Latch Shared Wallet serves none of the proposed namespaces (cosmos, near); it serves eip155, solana, toy.',
    );
    await expect(wallet.propose('eip155' as unknown as string[])).rejects.toMatchObject({ code: -32602 });
    expect(wallet.session).toEqual(['toy']);
  });

  it('rejectProposal: the user declines on the phone (4001), nothing is authorised, and a retry goes through', async () => {
    const wallet = createSharedSessionWallet(walletOptions(chains));
    wallet.setFailure('rejectProposal', true);
    await expect(wallet.propose(['eip155', 'solana', 'toy'])).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' });
    expect(await authorisation(wallet)).toEqual({ eip155: false, solana: false, toy: false });
    expect(wallet.session).toBeNull();
    expect(await wallet.restore()).toBeNull();

    wallet.setFailure('rejectProposal', false);
    await expect(wallet.propose(['solana'])).resolves.toEqual({ namespaces: { solana: wallet.providers.solana } });
    expect(() => wallet.setFailure('rejectEverything' as 'rejectSign', true)).toThrow(/Unknown shared-session wallet failure/);
  });

  it('rejectSign reaches every provider', async () => {
    const wallet = createSharedSessionWallet(walletOptions(chains));
    await wallet.propose(['eip155', 'solana', 'toy']);
    const { eip155, solana, toy } = wallet.providers;
    const [account] = solana!.accounts;
    const signAll = () => [
      eip155!.request({ method: 'personal_sign', params: ['0x68', chains.evmAddress] }),
      solana!.features['solana:signMessage'].signMessage({ account: account!, message: new Uint8Array([1]) }),
      toy!.signMessage('hi'),
    ];
    wallet.setFailure('rejectSign', true);
    for (const attempt of signAll()) await expect(attempt).rejects.toMatchObject({ code: 4001 });
    wallet.setFailure('rejectSign', false);
    for (const attempt of signAll()) await expect(attempt).resolves.toBeTruthy();
  });

  it('endFromWallet: each provider ends it on its side, the session is forgotten, and listeners hear it after the call', async () => {
    const wallet = createSharedSessionWallet(walletOptions(chains));
    await wallet.propose(['eip155', 'solana', 'toy']);
    const heard: string[] = [];
    wallet.providers.eip155!.on('disconnect', (error) => heard.push(`eip155 ${error.code}`));
    wallet.providers.solana!.features['standard:events'].on('change', ({ accounts }) => heard.push(`solana ${accounts?.length}`));
    wallet.providers.toy!.on('disconnect', () => heard.push('toy'));
    const ended = vi.fn();
    const unsubscribed = vi.fn();
    wallet.onSessionEnded(ended);
    wallet.onSessionEnded(unsubscribed)();

    wallet.endFromWallet();
    expect(ended).not.toHaveBeenCalled(); // a relay delivers it after the user's action
    await tick();
    expect(ended).toHaveBeenCalledTimes(1);
    expect(unsubscribed).not.toHaveBeenCalled();
    expect(heard).toEqual(['eip155 4900', 'solana 0', 'toy']);
    expect(await authorisation(wallet)).toEqual({ eip155: false, solana: false, toy: false });
    expect(wallet.session).toBeNull();
    expect(await wallet.restore()).toBeNull();
  });

  it('disconnect: the dapp ends it; every provider forgets the site, and no listener is told', async () => {
    const wallet = createSharedSessionWallet(walletOptions(chains));
    await wallet.propose(['eip155', 'solana', 'toy']);
    const ended = vi.fn();
    wallet.onSessionEnded(ended);
    await wallet.disconnect();
    await tick();
    expect(await authorisation(wallet)).toEqual({ eip155: false, solana: false, toy: false });
    expect(wallet.session).toBeNull();
    expect(await wallet.restore()).toBeNull();
    expect(ended).not.toHaveBeenCalled();
    expect(() => wallet.onSessionEnded('nope' as unknown as () => void)).toThrow(TypeError);
  });
});
