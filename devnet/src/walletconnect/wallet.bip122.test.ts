import { createHash } from 'node:crypto';
import { Address, OutScript, Transaction } from '@scure/btc-signer';
import { base64, hex } from '@scure/base';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { REGTEST_CAIP_NETWORK_ID, REGTEST_PARAMS } from '@latch/testkit';
import { type BitcoinRegtest, startBitcoinRegtest } from '../bitcoin/bitcoinRegtest.js';
import { verifyBitcoinMessageSignature } from '@latch/testkit';
import { bitcoinOrdinalsAddress, bitcoinPaymentAddress, createMockBitcoinWallet } from '@latch/testkit';
import { startWalletConnectRelay, type WalletConnectRelay } from './relay.js';
import { startWalletConnectWallet } from '@latch/testkit/walletconnect';
import type { WalletConnectWallet } from '@latch/testkit/walletconnect';
import { closeDapp, connect, type Dapp, startDapp } from './walletconnect.testSupport.js';

// The test wallet's bip122 namespace over the local relay: a sign-client dapp asks for its addresses, has messages
// signed (BIP-322 and ECDSA, checked by bip322-js), a transfer sent and a PSBT signed, both landing on the bcoin
// regtest node through its Esplora API.

const PAYMENT_KEY = '5b'.repeat(32);
const ORDINALS_KEY = '5c'.repeat(32);
const PAYMENT = bitcoinPaymentAddress(PAYMENT_KEY, REGTEST_PARAMS);
const ORDINALS = bitcoinOrdinalsAddress(ORDINALS_KEY, REGTEST_PARAMS);
const NAMESPACE = {
  chains: [REGTEST_CAIP_NETWORK_ID],
  methods: ['getAccountAddresses', 'signMessage', 'sendTransfer', 'signPsbt'],
  events: ['bip122_addressesChanged'],
};

/** The wallet always holds an eip155 key; these sessions ask for bip122 only. */
const OPTIONS = { relayUrl: '', evm: { privateKey: `0x${'11'.repeat(32)}` as const, rpcUrls: { 1: 'http://127.0.0.1:9' } } };

let relay: WalletConnectRelay;
let regtest: BitcoinRegtest;
const opened: { dapps: Dapp[]; wallets: WalletConnectWallet[] } = { dapps: [], wallets: [] };

beforeAll(async () => {
  [relay, regtest] = await Promise.all([startWalletConnectRelay(), startBitcoinRegtest()]);
  await regtest.fund(PAYMENT, 50_000_000n);
  await regtest.fund(PAYMENT, 20_000_000n);
});
afterAll(async () => {
  await Promise.all([relay?.stop(), regtest?.stop()]);
});
afterEach(async () => {
  const walletErrors = opened.wallets.flatMap((each) => each.errors.map((error) => error.message));
  await Promise.all([...opened.dapps.splice(0).map(closeDapp), ...opened.wallets.splice(0).map((wallet) => wallet.close())]);
  expect(walletErrors).toEqual([]);
});

async function session() {
  const [wallet, dapp] = await Promise.all([
    startWalletConnectWallet({
      ...OPTIONS,
      relayUrl: relay.url,
      bip122: { paymentKey: PAYMENT_KEY, ordinalsKey: ORDINALS_KEY, esploraUrl: regtest.esploraUrl },
    }),
    startDapp(relay.url),
  ]);
  opened.wallets.push(wallet);
  opened.dapps.push(dapp);
  const { topic, namespaces } = await connect(dapp, wallet, { bip122: NAMESPACE });
  const request = (method: string, params: unknown) =>
    dapp.request<unknown>({ topic, chainId: REGTEST_CAIP_NETWORK_ID, request: { method, params } });
  return { wallet, dapp, namespaces, request };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { code?: number; message?: string },
  );
const toBase64 = (hexText: string) => base64.encode(hex.decode(hexText));
/** BIP-340's tagged hash, computed here with node:crypto (independently of the wallet's @scure code). */
const taggedHash = (tag: string, message: string) => {
  const tagHash = createHash('sha256').update(tag).digest();
  return createHash('sha256').update(tagHash).update(tagHash).update(message).digest('hex');
};

async function utxosOf(address: string): Promise<{ txid: string; vout: number; value: number }[]> {
  const response = await fetch(`${regtest.esploraUrl}/address/${address}/utxo`);
  return (await response.json()) as { txid: string; vout: number; value: number }[];
}

/** A dapp-built PSBT spending one of the payment address's UTXOs to `to`, change back, 1,000 sats of fee. */
async function paymentPsbt(to: string, amount: bigint): Promise<string> {
  const [utxo] = (await utxosOf(PAYMENT)).sort((a, b) => b.value - a.value);
  if (!utxo) throw new Error('the payment address has no UTXO');
  const tx = new Transaction();
  tx.addInput({
    txid: utxo.txid,
    index: utxo.vout,
    witnessUtxo: { script: OutScript.encode(Address(REGTEST_PARAMS).decode(PAYMENT)), amount: BigInt(utxo.value) },
  });
  tx.addOutputAddress(to, amount, REGTEST_PARAMS);
  tx.addOutputAddress(PAYMENT, BigInt(utxo.value) - amount - 1_000n, REGTEST_PARAMS);
  return base64.encode(tx.toPSBT());
}

describe('the test wallet’s bip122 namespace over WalletConnect', () => {
  test('approves its payment address on regtest and lists payment and ordinals addresses, filtered by intention', async () => {
    const { wallet, namespaces, request } = await session();
    expect(wallet.addresses.bip122).toBe(PAYMENT);
    expect(namespaces.bip122?.accounts).toEqual([`${REGTEST_CAIP_NETWORK_ID}:${PAYMENT}`]);
    expect(namespaces.bip122?.methods).toEqual(NAMESPACE.methods);
    const all = (await request('getAccountAddresses', { account: PAYMENT })) as { address: string; publicKey: string; intention: string }[];
    expect(all.map(({ address, intention }) => ({ address, intention }))).toEqual([
      { address: PAYMENT, intention: 'payment' },
      { address: ORDINALS, intention: 'ordinal' },
    ]);
    expect(all[0]?.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    expect(all[1]?.publicKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await request('getAccountAddresses', { account: PAYMENT, intentions: ['ordinal'] })).toEqual([all[1]]);
    expect(await failure(request('getAccountAddresses', { account: PAYMENT, intentions: 'ordinal' }))).toMatchObject({ code: -32602 });
    expect(await failure(request('getAccountAddresses', { account: ORDINALS }))).toMatchObject({ code: 5103 });
    // sign-client itself refuses a method the session did not approve; the wallet's own answer (5101) is tested in
    // the testkit (walletconnect/walletBip122.test.ts).
  });

  test('signs messages: BIP-322 for either address, ECDSA (the default) for the payment one; bip322-js verifies them', async () => {
    const { request } = await session();
    const message = 'Latch signs over WalletConnect';
    for (const address of [PAYMENT, ORDINALS]) {
      const signed = (await request('signMessage', { account: PAYMENT, address, message, protocol: 'bip322' })) as Record<string, string>;
      expect(signed.address).toBe(address);
      expect(signed.messageHash).toBe(taggedHash('BIP0322-signed-message', message));
      expect(verifyBitcoinMessageSignature({ address, message, signature: toBase64(signed.signature as string) })).toBe(true);
      expect(verifyBitcoinMessageSignature({ address, message: `${message}!`, signature: toBase64(signed.signature as string) })).toBe(
        false,
      );
    }
    const ecdsa = (await request('signMessage', { account: PAYMENT, message })) as Record<string, string>;
    expect(hex.decode(ecdsa.signature as string)).toHaveLength(65);
    expect(verifyBitcoinMessageSignature({ address: PAYMENT, message, signature: toBase64(ecdsa.signature as string) })).toBe(true);
    expect(await failure(request('signMessage', { account: PAYMENT, address: ORDINALS, message }))).toMatchObject({ code: -32602 });
    expect(await failure(request('signMessage', { account: PAYMENT, address: 'bcrt1qnotmine', message }))).toMatchObject({ code: 5103 });
    expect(await failure(request('signMessage', { account: PAYMENT, message: 7 }))).toMatchObject({ code: -32602 });
  });

  test('sends a transfer: a real transaction from the payment address that the regtest node accepts', async () => {
    const { request } = await session();
    const recipient = bitcoinPaymentAddress('71'.repeat(32), REGTEST_PARAMS);
    const { txid } = (await request('sendTransfer', { account: PAYMENT, recipientAddress: recipient, amount: '150000' })) as {
      txid: string;
    };
    expect(txid).toMatch(/^[0-9a-f]{64}$/);
    expect(await regtest.balanceOf(recipient)).toBe(150_000n);
    await regtest.mine(1);
    const bad = { account: PAYMENT, recipientAddress: recipient };
    expect(await failure(request('sendTransfer', { ...bad, amount: 150_000 }))).toMatchObject({ code: -32602 });
    expect(await failure(request('sendTransfer', { ...bad, amount: '0' }))).toMatchObject({ code: -32602 });
    expect(
      await failure(request('sendTransfer', { ...bad, recipientAddress: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu', amount: '1000' })),
    ).toMatchObject({
      code: -32602,
    });
    expect(await failure(request('sendTransfer', { ...bad, amount: '1000', changeAddress: recipient }))).toMatchObject({ code: -32602 });
    expect(await failure(request('sendTransfer', { ...bad, amount: '2100000000000000' }))).toMatchObject({
      code: -32000,
      message: expect.stringContaining('Insufficient balance'),
    });
  });

  test('signs the PSBT inputs it owns; the dapp finalises and broadcasts it, or the wallet does with broadcast: true', async () => {
    const { request } = await session();
    const recipient = bitcoinPaymentAddress('72'.repeat(32), REGTEST_PARAMS);
    const signed = (await request('signPsbt', {
      account: PAYMENT,
      psbt: await paymentPsbt(recipient, 40_000n),
      signInputs: [{ address: PAYMENT, index: 0, sighashTypes: [1] }],
    })) as { psbt: string; txid?: string };
    expect(signed.txid).toBeUndefined();
    const tx = Transaction.fromPSBT(base64.decode(signed.psbt));
    tx.finalize();
    await regtest.broadcast(tx.hex);
    await regtest.mine(1);
    expect(await regtest.balanceOf(recipient)).toBe(40_000n);

    const sent = (await request('signPsbt', {
      account: PAYMENT,
      psbt: await paymentPsbt(recipient, 2_000n),
      signInputs: [{ address: PAYMENT, index: 0 }],
      broadcast: true,
    })) as { psbt: string; txid: string };
    expect(sent.txid).toBe(Transaction.fromPSBT(base64.decode(sent.psbt)).id);
    expect(await regtest.balanceOf(recipient)).toBe(42_000n);
    await regtest.mine(1);

    const psbt = await paymentPsbt(recipient, 1_000n);
    // The ordinals key does not own the payment input; an input that does not exist; a PSBT that is not one.
    expect(await failure(request('signPsbt', { account: PAYMENT, psbt, signInputs: [{ address: ORDINALS, index: 0 }] }))).toMatchObject({
      code: -32602,
    });
    expect(await failure(request('signPsbt', { account: PAYMENT, psbt, signInputs: [{ address: PAYMENT, index: 3 }] }))).toMatchObject({
      code: -32602,
    });
    expect(
      await failure(request('signPsbt', { account: PAYMENT, psbt: 'cHNidP8=', signInputs: [{ address: PAYMENT, index: 0 }] })),
    ).toMatchObject({
      code: -32602,
    });
  });

  test('refuses every signature with 5000 while told to reject, and signs again afterwards', async () => {
    const { wallet, request } = await session();
    wallet.setBehaviour({ rejectRequests: true });
    const recipient = bitcoinPaymentAddress('73'.repeat(32), REGTEST_PARAMS);
    const rejected = { code: 5000, message: 'User rejected.' };
    expect(await failure(request('signMessage', { account: PAYMENT, message: 'no' }))).toMatchObject(rejected);
    expect(await failure(request('sendTransfer', { account: PAYMENT, recipientAddress: recipient, amount: '1000' }))).toMatchObject(
      rejected,
    );
    const psbt = await paymentPsbt(recipient, 1_000n);
    expect(await failure(request('signPsbt', { account: PAYMENT, psbt, signInputs: [{ address: PAYMENT, index: 0 }] }))).toMatchObject(
      rejected,
    );
    expect(await regtest.balanceOf(recipient)).toBe(0n);
    // Reading addresses is no signature: still answered.
    expect(await request('getAccountAddresses', { account: PAYMENT, intentions: ['payment'] })).toHaveLength(1);
    wallet.setBehaviour({ rejectRequests: false });
    expect(await request('signMessage', { account: PAYMENT, message: 'yes' })).toMatchObject({ address: PAYMENT });
  });

  test('switches to another payment key: the session update carries its account, bip122_addressesChanged its addresses', async () => {
    const { wallet, dapp, request } = await session();
    const nextKey = '5d'.repeat(32);
    const next = bitcoinPaymentAddress(nextKey, REGTEST_PARAMS);
    const heard = new Promise<{ name: string; data: unknown }>((resolve) =>
      dapp.on('session_event', ({ params }) => resolve(params.event as { name: string; data: unknown })),
    );
    expect(await wallet.switchNamespaceAccount('bip122', nextKey)).toBe(next);
    expect(wallet.addresses.bip122).toBe(next);
    const [live] = dapp.session.getAll();
    expect(live?.namespaces.bip122?.accounts).toEqual([`${REGTEST_CAIP_NETWORK_ID}:${next}`]);
    const event = await heard;
    expect(event.name).toBe('bip122_addressesChanged');
    expect(event.data).toEqual(await request('getAccountAddresses', { account: next }));
    expect((event.data as { address: string }[]).map((entry) => entry.address)).toEqual([
      next,
      // The ordinals address the testkit's Bitcoin wallets derive from a payment key when given none.
      createMockBitcoinWallet({ paymentKey: nextKey, esploraUrl: regtest.esploraUrl }).ordinalsAddress,
    ]);
    // The old account is no longer the wallet's.
    expect(await failure(request('getAccountAddresses', { account: PAYMENT }))).toMatchObject({ code: 5103 });
  });

  test('refuses bad options with clear errors', async () => {
    const base = { ...OPTIONS, relayUrl: relay.url };
    await expect(startWalletConnectWallet({ ...base, bip122: { paymentKey: 'nope', esploraUrl: regtest.esploraUrl } })).rejects.toThrow(
      'bip122 keys: A Bitcoin secret key must be 32 bytes of hex',
    );
    await expect(startWalletConnectWallet({ ...base, bip122: { paymentKey: PAYMENT_KEY, esploraUrl: 'ftp://x' } })).rejects.toThrow(
      'bip122.esploraUrl must be an http(s) URL',
    );
    await expect(
      startWalletConnectWallet({
        ...base,
        bip122: { paymentKey: PAYMENT_KEY, esploraUrl: regtest.esploraUrl, network: 'Moonnet' as never },
      }),
    ).rejects.toThrow('unknown bip122.network Moonnet');
  });
});
