import { GasPrice, SigningStargateClient } from '@cosmjs/stargate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { verifyAdr36Signature } from '@latch/testkit';
import { startCosmosChain, type CosmosChain } from '../cosmos/chain.js';
import { LOCAL_CHAIN, privateKey, TEST_MNEMONIC, TEST_MNEMONIC_ADDRESS } from '../cosmos/cosmos.testSupport.js';
import { createMockCosmosWallet, type MockCosmosWallet } from '@latch/testkit';
import { installMockCosmosWallets } from '@latch/testkit';

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: Error) => error.message,
  );
let page: EventTarget & Record<string, unknown>;
let wallet: MockCosmosWallet;
let events: number;

beforeEach(() => {
  page = new EventTarget() as EventTarget & Record<string, unknown>;
  events = 0;
  page.addEventListener('keplr_keystorechange', () => events++);
  wallet = createMockCosmosWallet({ mnemonicOrPrivateKey: privateKey(0xc1), chains: [LOCAL_CHAIN], eventTarget: page });
});

describe('createMockCosmosWallet (Keplr API, real secp256k1 key)', () => {
  it("derives the documented address of the BIP-39 test mnemonic at m/44'/118'/0'/0/0", async () => {
    const fromMnemonic = createMockCosmosWallet({ mnemonicOrPrivateKey: TEST_MNEMONIC, chains: [LOCAL_CHAIN] });
    expect(await fromMnemonic.addressFor('latch-local-1')).toBe(TEST_MNEMONIC_ADDRESS);
  });

  it('prompts on enable only for chains not yet enabled; getKey never prompts and needs an enabled chain', async () => {
    expect(await failure(wallet.getKey('latch-local-1'))).toMatch(/not enabled/);
    expect(await failure(wallet.enable('osmosis-1'))).toBe('There is no chain info for osmosis-1');
    wallet.setFailure('rejectConnect', true);
    expect(await failure(wallet.enable('latch-local-1'))).toBe('Request rejected');
    wallet.setFailure('rejectConnect', false);
    await wallet.enable(['latch-local-1']);
    await wallet.enable('latch-local-1');
    const key = await wallet.getKey('latch-local-1');
    expect(key).toMatchObject({ algo: 'secp256k1', bech32Address: await wallet.addressFor('latch-local-1'), isNanoLedger: false });
    expect(key.pubKey).toHaveLength(33);
    expect(key.address).toHaveLength(20);
    expect(wallet.prompts()).toEqual(['enable:latch-local-1', 'enable:latch-local-1']);
    await wallet.disable();
    expect(wallet.enabledChains()).toEqual([]);
  });

  it('adds a suggested chain after a prompt (or refuses it), and enables it afterwards', async () => {
    const chainInfo = {
      chainId: 'other-1',
      rpc: 'http://x',
      rest: 'http://x',
      bech32Config: { bech32PrefixAccAddr: 'other' },
      currencies: [],
    };
    wallet.setFailure('rejectSuggestChain', true);
    expect(await failure(wallet.experimentalSuggestChain(chainInfo))).toBe('Request rejected');
    wallet.setFailure('rejectSuggestChain', false);
    await wallet.experimentalSuggestChain(chainInfo);
    await wallet.experimentalSuggestChain(chainInfo); // known now: no prompt
    await wallet.enable('other-1');
    expect((await wallet.getKey('other-1')).bech32Address).toMatch(/^other1/);
    expect(await failure(wallet.experimentalSuggestChain({ chainId: 'bad' }))).toMatch(/Invalid chain info/);
    expect(wallet.prompts()).toEqual(['suggestChain:other-1', 'suggestChain:other-1', 'enable:other-1']);
  });

  it('signs ADR-36 data that the hand-rolled verification accepts, for the current key only', async () => {
    await wallet.enable('latch-local-1');
    const signer = await wallet.addressFor('latch-local-1');
    const signature = await wallet.signArbitrary('latch-local-1', signer, 'hello cosmos');
    expect(signature.pub_key.type).toBe('tendermint/PubKeySecp256k1');
    expect(verifyAdr36Signature({ signer, data: 'hello cosmos', signature })).toBe(true);
    expect(verifyAdr36Signature({ signer, data: 'hello cosmoS', signature })).toBe(false);
    expect(verifyAdr36Signature({ signer: TEST_MNEMONIC_ADDRESS, data: 'hello cosmos', signature })).toBe(false);
    expect(await failure(wallet.signArbitrary('latch-local-1', TEST_MNEMONIC_ADDRESS, 'x'))).toMatch(/Signer mismatch/);
    wallet.setFailure('rejectSign', true);
    expect(await failure(wallet.signArbitrary('latch-local-1', signer, 'x'))).toBe('Request rejected');
  });

  it('switches account and disconnects from the wallet side with a keystore event', async () => {
    await wallet.enable('latch-local-1');
    const before = await wallet.addressFor('latch-local-1');
    await wallet.switchAccount(TEST_MNEMONIC);
    expect(events).toBe(1);
    expect((await wallet.getKey('latch-local-1')).bech32Address).toBe(TEST_MNEMONIC_ADDRESS);
    expect(before).not.toBe(TEST_MNEMONIC_ADDRESS);
    wallet.disconnectFromWallet();
    expect(events).toBe(2);
    expect(await failure(wallet.getKey('latch-local-1'))).toMatch(/not enabled/);
  });

  it('installs on a page as window.keplr / window.leap and in __latchCosmosWallets, each with its own keystore event', async () => {
    let leapEvents = 0;
    page.addEventListener('leap_keystorechange', () => leapEvents++);
    const installation = installMockCosmosWallets({
      target: page,
      wallets: [
        { global: 'keplr', mnemonicOrPrivateKey: privateKey(0xc1), chains: [LOCAL_CHAIN] },
        { global: 'leap', name: 'Leap test', mnemonicOrPrivateKey: privateKey(0xc2), chains: [LOCAL_CHAIN] },
      ],
    });
    expect(page.keplr).toBe(installation.wallets.keplr);
    expect((page.__latchCosmosWallets as Record<string, unknown>).leap).toBe(page.leap);
    installation.wallets.leap!.disconnectFromWallet();
    expect([events, leapEvents]).toEqual([0, 1]);
    installation.uninstall();
    expect(page.keplr).toBeUndefined();
    expect(() =>
      installMockCosmosWallets({ target: page, wallets: [{ global: 'not valid', mnemonicOrPrivateKey: '', chains: [] }] }),
    ).toThrow(TypeError);
  });
});

describe('the mock wallet on the local chain', () => {
  let chain: CosmosChain;
  beforeEach(async () => {
    chain = await startCosmosChain();
  });
  afterEach(async () => {
    await chain.stop();
  });

  it('signs a sendTokens through getOfflineSigner that the stand-in verifies and applies', async () => {
    await wallet.enable('latch-local-1');
    const from = await wallet.addressFor('latch-local-1');
    chain.fund(from, 2_000_000n);
    const signer = wallet.getOfflineSigner('latch-local-1');
    const client = await SigningStargateClient.connectWithSigner(chain.rpcUrl, signer, {
      gasPrice: GasPrice.fromString('0.025ustake'),
      broadcastPollIntervalMs: 20,
    });
    const result = await client.sendTokens(from, TEST_MNEMONIC_ADDRESS, [{ denom: 'ustake', amount: '700' }], 'auto');
    expect(result.code).toBe(0);
    expect(chain.balanceOf(TEST_MNEMONIC_ADDRESS)).toBe(700n);
    wallet.setFailure('rejectSign', true);
    await expect(client.sendTokens(from, TEST_MNEMONIC_ADDRESS, [{ denom: 'ustake', amount: '1' }], 'auto')).rejects.toThrow(
      'Request rejected',
    );
    expect(wallet.prompts().filter((prompt) => prompt.startsWith('signDirect'))).toHaveLength(2);
    client.disconnect();
  });
});
