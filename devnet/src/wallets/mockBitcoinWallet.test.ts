import { Transaction } from '@scure/btc-signer';
import { base64 } from '@scure/base';
import type { WalletAccount } from '@wallet-standard/base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REGTEST_PARAMS } from '@latch/testkit';
import { startBitcoinRegtest, type BitcoinRegtest } from '../bitcoin/bitcoinRegtest.js';
import { verifyBitcoinMessageSignature } from '@latch/testkit';
import { installBitcoinWallets } from '@latch/testkit';
import { createMockBitcoinWallet } from '@latch/testkit';
import type { MockBitcoinWalletOptions, SatsConnectResponse } from '@latch/testkit';
import { bitcoinPaymentAddress, bitcoinPaymentKey } from '@latch/testkit';

const PAYMENT_KEY = '41'.repeat(32);
const ORDINALS_KEY = '42'.repeat(32);

const resultOf = (response: SatsConnectResponse) => {
  if ('error' in response) throw new Error(`unexpected error ${response.error.code}: ${response.error.message}`);
  return response.result as Record<string, unknown>;
};
const errorOf = (response: SatsConnectResponse) => ('error' in response ? response.error : undefined);
const nextEvent = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('mock Bitcoin wallet (sats-connect provider)', () => {
  let regtest: BitcoinRegtest;
  beforeAll(async () => {
    regtest = await startBitcoinRegtest();
  });
  afterAll(async () => {
    await regtest?.stop();
  });
  const create = (options: Partial<MockBitcoinWalletOptions> = {}) =>
    createMockBitcoinWallet({ paymentKey: PAYMENT_KEY, ordinalsKey: ORDINALS_KEY, esploraUrl: regtest.esploraUrl, ...options });

  it('asks before granting its payment (P2WPKH) and ordinals (P2TR) addresses on regtest', async () => {
    const wallet = create({ id: 'grant' });
    const { provider } = wallet;
    expect(resultOf(await provider.request('getInfo', null))).toMatchObject({ version: expect.any(String) });
    expect(errorOf(await provider.request('wallet_getAccount', null))).toMatchObject({ code: -32002 });
    wallet.setFailure('rejectConnect', true);
    expect(errorOf(await provider.request('wallet_connect', { addresses: ['payment', 'ordinals'] }))).toEqual({
      code: -32000,
      message: 'User rejected the request.',
    });
    wallet.setFailure('rejectConnect', false);
    const account = resultOf(await provider.request('wallet_connect', { addresses: ['payment', 'ordinals'], network: 'Regtest' }));
    expect(account.addresses).toEqual([
      expect.objectContaining({ address: wallet.paymentAddress, purpose: 'payment', addressType: 'p2wpkh' }),
      expect.objectContaining({ address: wallet.ordinalsAddress, purpose: 'ordinals', addressType: 'p2tr' }),
    ]);
    expect(wallet.paymentAddress).toBe(bitcoinPaymentAddress(PAYMENT_KEY, REGTEST_PARAMS));
    expect(wallet.paymentAddress).toMatch(/^bcrt1q/);
    expect(wallet.ordinalsAddress).toMatch(/^bcrt1p/);
    expect(account.network).toMatchObject({ bitcoin: { name: 'Regtest' } });
    expect(resultOf(await provider.request('wallet_getAccount', null)).addresses).toEqual(account.addresses);
    expect(errorOf(await provider.request('nope', null))).toMatchObject({ code: -32601 });
  });

  it('signs BIP-322 with either key, as bip322-js verifies, and declines on the switch', async () => {
    const wallet = create({ id: 'sign' });
    const { provider } = wallet;
    expect(errorOf(await provider.request('signMessage', { address: wallet.paymentAddress, message: 'early' }))).toMatchObject({
      code: -32002,
    });
    resultOf(await provider.request('wallet_connect', null));
    for (const address of [wallet.paymentAddress, wallet.ordinalsAddress]) {
      const signed = resultOf(await provider.request('signMessage', { address, message: 'Latch', protocol: 'BIP322' }));
      expect(signed).toMatchObject({ address, protocol: 'BIP322', messageHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
      expect(verifyBitcoinMessageSignature({ address, message: 'Latch', signature: signed.signature as string })).toBe(true);
    }
    expect(errorOf(await provider.request('signMessage', { address: 'bcrt1qxyz', message: 'x' }))).toMatchObject({ code: -32602 });
    expect(
      errorOf(await provider.request('signMessage', { address: wallet.paymentAddress, message: 'x', protocol: 'ECDSA' })),
    ).toMatchObject({
      code: -32602,
    });
    wallet.setFailure('rejectSign', true);
    expect(errorOf(await provider.request('signMessage', { address: wallet.paymentAddress, message: 'x' }))).toMatchObject({
      code: -32000,
    });
  });

  it('sends a transfer that lands on the node, reports its balance, and names an overdraft', async () => {
    const wallet = create({ id: 'send', paymentKey: '43'.repeat(32) });
    await regtest.fund(wallet.paymentAddress, 1_000_000n);
    const { provider } = wallet;
    resultOf(await provider.request('wallet_connect', null));
    expect(resultOf(await provider.request('getBalance', null))).toEqual({ confirmed: '1000000', unconfirmed: '0', total: '1000000' });
    const recipient = bitcoinPaymentAddress('44'.repeat(32), REGTEST_PARAMS);
    const { txid } = resultOf(await provider.request('sendTransfer', { recipients: [{ address: recipient, amount: 250_000 }] }));
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await regtest.balanceOf(recipient)).toBe(250_000n);
    const left = await regtest.balanceOf(wallet.paymentAddress);
    expect(left).toBeLessThan(750_000n);
    expect(left).toBeGreaterThan(740_000n);
    await regtest.mine(1);
    const status = (await fetch(`${regtest.esploraUrl}/tx/${txid}/status`).then((r) => r.json())) as { confirmed: boolean };
    expect(status.confirmed).toBe(true);

    const overdraft = errorOf(await provider.request('sendTransfer', { recipients: [{ address: recipient, amount: 5_000_000 }] }));
    expect(overdraft).toMatchObject({ code: -32603, message: expect.stringMatching(/^Insufficient balance/) });
    const wrongNetwork = errorOf(
      await provider.request('sendTransfer', { recipients: [{ address: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: 1_000 }] }),
    );
    expect(wrongNetwork).toMatchObject({ code: -32602 });
    wallet.setFailure('rejectSign', true);
    expect(errorOf(await provider.request('sendTransfer', { recipients: [{ address: recipient, amount: 1_000 }] }))).toMatchObject({
      code: -32000,
    });
  });

  it('tells listeners about account and network switches and a wallet-side disconnect', async () => {
    const wallet = create({ id: 'events' });
    const { provider } = wallet;
    const seen: unknown[] = [];
    const offs = (['accountChange', 'networkChange', 'disconnect'] as const).map((eventName) =>
      provider.addListener({ eventName, cb: (event) => seen.push(event) }),
    );
    wallet.switchAccount({ paymentKey: '45'.repeat(32) });
    await nextEvent();
    expect(seen).toEqual([]); // not authorised: nothing to tell this site
    resultOf(await provider.request('wallet_connect', null));
    const next = wallet.switchAccount({ paymentKey: '46'.repeat(32) });
    wallet.switchNetwork('Testnet');
    await nextEvent();
    expect(seen).toEqual([
      { type: 'accountChange', addresses: [expect.objectContaining({ address: next }), expect.anything()] },
      expect.objectContaining({ type: 'networkChange', bitcoin: { name: 'Testnet' } }),
    ]);
    expect(wallet.paymentAddress).toMatch(/^tb1q/);
    wallet.disconnectFromWallet();
    await nextEvent();
    expect(seen.at(-1)).toEqual({ type: 'disconnect' });
    expect(wallet.authorised).toBe(false);
    for (const off of offs) off();
    wallet.disconnectFromWallet();
    await nextEvent();
    expect(seen).toHaveLength(3);
    expect(() => provider.addListener({ eventName: 'other' as 'disconnect', cb: () => {} })).toThrow(TypeError);
  });

  it('forgets the site on wallet_disconnect', async () => {
    const wallet = create({ id: 'forget' });
    resultOf(await wallet.provider.request('wallet_connect', null));
    expect(resultOf(await wallet.provider.request('wallet_disconnect', null))).toBeNull();
    expect(errorOf(await wallet.provider.request('wallet_getAccount', null))).toMatchObject({ code: -32002 });
  });
});

describe('mock Bitcoin wallet (Wallet Standard face)', () => {
  let regtest: BitcoinRegtest;
  beforeAll(async () => {
    regtest = await startBitcoinRegtest();
  });
  afterAll(async () => {
    await regtest?.stop();
  });
  type Features = Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;

  it('connects with purposes in order, signs messages and PSBTs, and reports changes', async () => {
    const wallet = createMockBitcoinWallet({ paymentKey: '47'.repeat(32), esploraUrl: regtest.esploraUrl, id: 'standard' });
    const standard = wallet.standardWallet;
    const features = standard.features as unknown as Features;
    expect(standard.chains).toEqual(['bitcoin:regtest']);
    expect(standard.accounts).toEqual([]);
    wallet.setFailure('rejectConnect', true);
    await expect(features['bitcoin:connect']!.connect!({ purposes: ['payment'] })).rejects.toMatchObject({ code: 4001 });
    wallet.setFailure('rejectConnect', false);
    const { accounts } = (await features['bitcoin:connect']!.connect!({ purposes: ['ordinals', 'payment'] })) as {
      accounts: WalletAccount[];
    };
    expect(accounts.map((account) => account.address)).toEqual([wallet.ordinalsAddress, wallet.paymentAddress]);
    expect(standard.accounts.map((account) => account.address)).toEqual([wallet.paymentAddress, wallet.ordinalsAddress]);

    const [signed] = (await features['bitcoin:signMessage']!.signMessage!({
      account: accounts[1],
      message: new TextEncoder().encode('standard'),
    })) as { signature: Uint8Array }[];
    const signature = base64.encode(signed!.signature);
    expect(verifyBitcoinMessageSignature({ address: wallet.paymentAddress, message: 'standard', signature })).toBe(true);

    await regtest.fund(wallet.paymentAddress, 80_000n);
    const [utxo] = (await fetch(`${regtest.esploraUrl}/address/${wallet.paymentAddress}/utxo`).then((r) => r.json())) as {
      txid: string;
      vout: number;
    }[];
    const payment = bitcoinPaymentKey('47'.repeat(32), REGTEST_PARAMS);
    const unsigned = new Transaction();
    unsigned.addInput({ txid: utxo!.txid, index: utxo!.vout, witnessUtxo: { script: payment.script, amount: 80_000n } });
    unsigned.addOutputAddress(payment.address, 79_000n, REGTEST_PARAMS);
    const [output] = (await features['bitcoin:signTransaction']!.signTransaction!({
      psbt: unsigned.toPSBT(),
      inputsToSign: [{ account: accounts[1], signingIndexes: [0] }],
    })) as { signedPsbt: Uint8Array }[];
    const signedTx = Transaction.fromPSBT(output!.signedPsbt);
    signedTx.finalize();
    expect(await regtest.broadcast(signedTx.hex)).toBe(signedTx.id);

    const changes: unknown[] = [];
    const off = features['standard:events']!.on!('change', (change: unknown) => changes.push(change)) as unknown as () => void;
    wallet.switchAccount({ paymentKey: '48'.repeat(32) });
    wallet.disconnectFromWallet();
    await nextEvent();
    expect(changes).toEqual([
      { accounts: [expect.objectContaining({ address: wallet.paymentAddress }), expect.anything()] },
      { accounts: [] },
    ]);
    off();
    wallet.setFailure('rejectSign', true);
    await features['bitcoin:connect']!.connect!({ purposes: ['payment'] });
    await expect(
      features['bitcoin:signMessage']!.signMessage!({ account: standard.accounts[0], message: new Uint8Array([1]) }),
    ).rejects.toMatchObject({
      code: 4001,
    });
  });
});

describe('installBitcoinWallets', () => {
  it('lists each wallet in btc_providers, places its provider on the target and exposes the wallets', () => {
    const target: Record<string, unknown> = { btc_providers: [{ id: 'Other.Provider', name: 'Other', icon: 'data:image/png;base64,AA' }] };
    const installation = installBitcoinWallets(
      {
        wallets: [
          { paymentKey: PAYMENT_KEY, esploraUrl: 'http://127.0.0.1:9', defaultProvider: true },
          { paymentKey: '49'.repeat(32), esploraUrl: 'http://127.0.0.1:9', id: 'second', name: 'Second Bitcoin Wallet' },
        ],
      },
      target,
    );
    const { wallets } = installation;
    expect(Object.keys(wallets)).toEqual(['latch-bitcoin-wallet', 'second']);
    expect(target.__latchBitcoinWallets).toBe(wallets);
    expect((target.btc_providers as { id: string; name: string }[]).map(({ id, name }) => [id, name])).toEqual([
      ['Other.Provider', 'Other'],
      ['LatchBitcoinWalletProviders.BitcoinProvider', 'Latch Bitcoin Wallet'],
      ['Latch_secondProviders.BitcoinProvider', 'Second Bitcoin Wallet'],
    ]);
    expect((target.LatchBitcoinWalletProviders as Record<string, unknown>).BitcoinProvider).toBe(wallets['latch-bitcoin-wallet']!.provider);
    expect(target.BitcoinProvider).toBe(wallets['latch-bitcoin-wallet']!.provider);
    installation.uninstall();
    expect((target.btc_providers as unknown[]).length).toBe(1);
    expect(target.BitcoinProvider).toBeUndefined();
    expect(() =>
      installBitcoinWallets(
        {
          wallets: [
            { paymentKey: PAYMENT_KEY, esploraUrl: 'http://x' },
            { paymentKey: PAYMENT_KEY, esploraUrl: 'http://x' },
          ],
        },
        {},
      ),
    ).toThrow(/share the id/);
    expect(() => installBitcoinWallets({ wallets: [{ paymentKey: 'zz', esploraUrl: 'http://x' }] }, {})).toThrow(/32 bytes/);
  });
});
