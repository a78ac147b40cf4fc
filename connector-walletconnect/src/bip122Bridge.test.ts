import {
  BITCOIN_NETWORKS,
  bitcoinOrdinalsAddress,
  bitcoinPaymentAddress,
  REGTEST_PARAMS,
  signBip322Simple,
  verifyBitcoinMessageSignature,
} from '@latch/testkit';
import { describe, expect, it } from 'vitest';
import { type Bip122SessionProvider, createBip122Provider, type SatsResponse } from './bip122Bridge.js';
import type { SessionChannel } from './channel.js';
import { encodeBase64 } from './codec.js';
import type { ApprovedNamespace } from './namespaces.js';

const REGTEST = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328';
const MAINNET = 'bip122:000000000019d6689c085ae165831e93';
const KEY = '4b'.repeat(32);
const PAYMENT = bitcoinPaymentAddress(KEY, REGTEST_PARAMS);
const ORDINALS = bitcoinOrdinalsAddress('4c'.repeat(32), REGTEST_PARAMS);
const PAYMENT_KEY = `02${'ab'.repeat(32)}`;
const TXID = 'AB'.repeat(32);
const secret = Uint8Array.from(KEY.match(/../g) as string[], (byte) => Number.parseInt(byte, 16));
const hexOf = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
const bytesOf64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0));
/** A PSBT's magic bytes and a few more: what the bridge checks before and after the wallet. */
const PSBT = encodeBase64(new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff, 1, 2, 3]));

type Answer = (method: string, params: Record<string, unknown>) => unknown;

/** The wallet's side: answers (or refusals) per method, and what the bridge asked. */
function phone(answer: Answer, methods = ['getAccountAddresses', 'signMessage', 'sendTransfer', 'signPsbt']) {
  const asked: { method: string; params: unknown; chainId: string }[] = [];
  let approval: ApprovedNamespace | undefined = {
    chains: [REGTEST],
    methods,
    events: ['bip122_addressesChanged'],
    addresses: [PAYMENT],
    accounts: [`${REGTEST}:${PAYMENT}`],
  };
  const channel: SessionChannel = {
    approved: () => approval,
    async request(method, params, chainId) {
      asked.push({ method, params, chainId });
      return answer(method, params as Record<string, unknown>);
    },
    read: async () => null,
  };
  return { channel, asked, setApproval: (next: ApprovedNamespace | undefined) => (approval = next) };
}

const addressesAnswer: Answer = (method) =>
  method === 'getAccountAddresses'
    ? [
        { address: PAYMENT, publicKey: PAYMENT_KEY, path: "m/84'/1'/0'/0/0", intention: 'payment' },
        { address: ORDINALS, publicKey: 'cd'.repeat(32), path: "m/86'/1'/0'/0/0", intention: 'ordinal' },
      ]
    : undefined;

async function result(provider: Bip122SessionProvider, method: string, params?: unknown): Promise<unknown> {
  const response = await provider.request(method, params);
  expect(response.jsonrpc).toBe('2.0');
  if ('error' in response) throw Object.assign(new Error(response.error.message), { code: response.error.code });
  return response.result;
}
const failure = async (provider: Bip122SessionProvider, method: string, params?: unknown) =>
  ((await provider.request(method, params)) as Extract<SatsResponse, { error: unknown }>).error;

describe('the sats-connect provider over a WalletConnect session', () => {
  it('connects with the session account as payment and the ordinals address getAccountAddresses lists', async () => {
    const { channel, asked } = phone(addressesAnswer);
    const provider = createBip122Provider(channel, REGTEST);
    const answer = await result(provider, 'wallet_connect', { addresses: ['payment', 'ordinals'], network: 'Regtest' });
    expect(asked).toEqual([{ method: 'getAccountAddresses', params: { account: PAYMENT }, chainId: REGTEST }]);
    expect(answer).toMatchObject({
      addresses: [
        { address: PAYMENT, publicKey: PAYMENT_KEY, purpose: 'payment' },
        { address: ORDINALS, publicKey: 'cd'.repeat(32), purpose: 'ordinals' },
      ],
      network: { bitcoin: { name: 'Regtest' } },
    });
    // A silent restore asks nothing of the wallet, and gives the same accounts.
    expect(await result(provider, 'wallet_getAccount', null)).toEqual(answer);
    expect(asked).toHaveLength(1);
  });

  it('connects from the session alone when the wallet did not approve getAccountAddresses', async () => {
    const { channel, asked } = phone(() => undefined, ['signMessage']);
    const answer = await result(createBip122Provider(channel, REGTEST), 'wallet_connect', { addresses: ['payment'] });
    expect(answer).toMatchObject({ addresses: [{ address: PAYMENT, purpose: 'payment' }] });
    expect(asked).toEqual([]);
  });

  it('signs a BIP-322 message through signMessage and turns the hex signature into the base64 one that verifies', async () => {
    const { channel, asked } = phone((method, params) =>
      method === 'signMessage'
        ? { address: PAYMENT, signature: hexOf(bytesOf64(signBip322Simple(secret, PAYMENT, String(params.message), REGTEST_PARAMS))) }
        : undefined,
    );
    const message = 'Sign in to Latch';
    const answer = (await result(createBip122Provider(channel, REGTEST), 'signMessage', {
      address: PAYMENT,
      message,
      protocol: 'BIP322',
    })) as {
      signature: string;
    };
    expect(asked).toEqual([
      { method: 'signMessage', params: { account: PAYMENT, message, address: PAYMENT, protocol: 'bip322' }, chainId: REGTEST },
    ]);
    expect(verifyBitcoinMessageSignature({ address: PAYMENT, message, signature: answer.signature })).toBe(true);
    expect(verifyBitcoinMessageSignature({ address: PAYMENT, message: 'another', signature: answer.signature })).toBe(false);
  });

  it('sends a transfer to one recipient as sendTransfer (amount in sats as a decimal string), txid lowercased', async () => {
    const { channel, asked } = phone((method) => (method === 'sendTransfer' ? { txid: TXID } : undefined));
    const provider = createBip122Provider(channel, REGTEST);
    expect(await result(provider, 'sendTransfer', { recipients: [{ address: ORDINALS, amount: 12_345 }] })).toEqual({
      txid: TXID.toLowerCase(),
    });
    expect(asked[0]).toEqual({
      method: 'sendTransfer',
      params: { account: PAYMENT, recipientAddress: ORDINALS, amount: '12345' },
      chainId: REGTEST,
    });
    const two = await failure(provider, 'sendTransfer', {
      recipients: [
        { address: ORDINALS, amount: 1 },
        { address: PAYMENT, amount: 1 },
      ],
    });
    expect(two).toMatchObject({ code: -32602, message: expect.stringContaining('exactly one recipient') });
    expect(await failure(provider, 'sendTransfer', { recipients: [{ address: ORDINALS, amount: 1.5 }] })).toMatchObject({ code: -32602 });
    expect(asked).toHaveLength(1);
  });

  it('signs a PSBT through signPsbt, with sats-connect signInputs as WalletConnect signInputs', async () => {
    const { channel, asked } = phone((method) => (method === 'signPsbt' ? { psbt: PSBT, txid: TXID } : undefined));
    const provider = createBip122Provider(channel, REGTEST);
    const answer = await result(provider, 'signPsbt', { psbt: PSBT, signInputs: { [PAYMENT]: [0, 2], [ORDINALS]: [1] }, broadcast: true });
    expect(answer).toEqual({ psbt: PSBT, txid: TXID.toLowerCase() });
    expect(asked[0]?.params).toEqual({
      account: PAYMENT,
      psbt: PSBT,
      signInputs: [
        { address: PAYMENT, index: 0 },
        { address: PAYMENT, index: 2 },
        { address: ORDINALS, index: 1 },
      ],
      broadcast: true,
    });
    expect(await failure(provider, 'signPsbt', { psbt: 'not a psbt', signInputs: {} })).toMatchObject({ code: -32602 });
    expect(await failure(provider, 'signPsbt', { psbt: PSBT })).toMatchObject({
      code: -32602,
      message: expect.stringContaining('signInputs'),
    });
  });

  it('answers a wallet rejection (5000) as a user rejection (4001)', async () => {
    const { channel } = phone(() => {
      throw { code: 5000, message: 'User rejected.' };
    });
    const provider = createBip122Provider(channel, REGTEST);
    for (const [method, params] of [
      ['wallet_connect', {}],
      ['signMessage', { message: 'x', address: PAYMENT }],
      ['sendTransfer', { recipients: [{ address: ORDINALS, amount: 1 }] }],
    ] as const) {
      expect(await failure(provider, method, params)).toEqual({ code: 4001, message: 'User rejected the request.' });
    }
  });

  it('keeps a wallet failure’s message, and never lets a server error (-32000) pass for a sats-connect refusal', async () => {
    const { channel } = phone(() => {
      throw { code: -32000, message: 'Broadcast failed: bad-txns-inputs-missingorspent' };
    });
    const error = await failure(createBip122Provider(channel, REGTEST), 'sendTransfer', { recipients: [{ address: ORDINALS, amount: 1 }] });
    expect(error).toEqual({ code: -32603, message: 'Broadcast failed: bad-txns-inputs-missingorspent' });
  });

  it('refuses malformed wallet answers with clear errors', async () => {
    const answers: Record<string, unknown> = {
      getAccountAddresses: { address: PAYMENT },
      signMessage: { address: ORDINALS, signature: 'ab'.repeat(65) },
      sendTransfer: { txid: 'not a txid' },
      signPsbt: { psbt: encodeBase64(new Uint8Array([1, 2, 3, 4, 5])) },
    };
    const provider = createBip122Provider(phone((method) => answers[method]).channel, REGTEST);
    expect((await failure(provider, 'wallet_connect', {})).message).toBe('The wallet answered a malformed address list over WalletConnect');
    expect((await failure(provider, 'signMessage', { message: 'x', address: PAYMENT })).message).toBe(
      `The wallet signed with ${ORDINALS}, not ${PAYMENT}`,
    );
    expect((await failure(provider, 'sendTransfer', { recipients: [{ address: ORDINALS, amount: 1 }] })).message).toBe(
      'The wallet answered a malformed transaction id over WalletConnect',
    );
    expect((await failure(provider, 'signPsbt', { psbt: PSBT, signInputs: { [PAYMENT]: [0] } })).message).toBe(
      'The wallet answered a malformed signed PSBT over WalletConnect',
    );
    answers.signMessage = { signature: 'not base64 or hex!' };
    expect((await failure(provider, 'signMessage', { message: 'x', address: PAYMENT })).message).toBe(
      'The wallet answered a malformed signature over WalletConnect',
    );
    answers.signPsbt = { psbt: PSBT };
    expect((await failure(provider, 'signPsbt', { psbt: PSBT, signInputs: { [PAYMENT]: [0] }, broadcast: true })).message).toBe(
      'The wallet answered a malformed transaction id over WalletConnect',
    );
  });

  it('refuses methods the wallet did not approve or sats-connect methods with no WalletConnect counterpart', async () => {
    const provider = createBip122Provider(phone(() => ({ txid: TXID }), ['signMessage']).channel, REGTEST);
    expect(await failure(provider, 'sendTransfer', { recipients: [{ address: ORDINALS, amount: 1 }] })).toMatchObject({
      code: -32601,
      message: 'sendTransfer is not approved in this WalletConnect session',
    });
    expect(await failure(provider, 'runes_transfer', {})).toMatchObject({ code: -32601 });
  });

  it('switches only to a network the session has an account on, and sends later requests there', async () => {
    const { channel, asked, setApproval } = phone((method) => (method === 'sendTransfer' ? { txid: TXID } : undefined));
    const provider = createBip122Provider(channel, REGTEST);
    expect(await failure(provider, 'wallet_changeNetwork', { name: 'Mainnet' })).toMatchObject({ code: 4902 });
    expect(await failure(provider, 'wallet_changeNetwork', { name: 'Moonnet' })).toMatchObject({ code: -32602 });
    const mainnetAddress = bitcoinPaymentAddress(KEY, BITCOIN_NETWORKS.Mainnet.params);
    setApproval({
      chains: [REGTEST, MAINNET],
      methods: ['sendTransfer'],
      events: [],
      addresses: [PAYMENT, mainnetAddress],
      accounts: [`${REGTEST}:${PAYMENT}`, `${MAINNET}:${mainnetAddress}`],
    });
    const heard: unknown[] = [];
    provider.addListener({ eventName: 'networkChange', cb: (event) => heard.push(event) });
    expect(await result(provider, 'wallet_changeNetwork', { name: 'Mainnet' })).toBeNull();
    expect(heard).toEqual([
      { type: 'networkChange', addresses: [{ address: mainnetAddress, purpose: 'payment' }], bitcoin: { name: 'Mainnet' } },
    ]);
    await result(provider, 'sendTransfer', { recipients: [{ address: ORDINALS, amount: 1 }] });
    expect(asked[0]).toMatchObject({ chainId: MAINNET, params: { account: mainnetAddress } });
  });

  it('reports bip122_addressesChanged and session updates as accountChange, ignoring malformed events', async () => {
    const { channel, setApproval } = phone(addressesAnswer);
    const provider = createBip122Provider(channel, REGTEST);
    const heard: unknown[] = [];
    const off = provider.addListener({ eventName: 'accountChange', cb: (event) => heard.push(event) });
    provider.walletEvent('bip122_addressesChanged', [{ address: PAYMENT }, { address: ORDINALS, intention: 'ordinal' }], REGTEST);
    provider.walletEvent('bip122_addressesChanged', 'garbage', REGTEST);
    provider.walletEvent('bip122_addressesChanged', [{ address: 42 }], REGTEST);
    expect(heard).toEqual([
      {
        type: 'accountChange',
        addresses: [
          { address: PAYMENT, purpose: 'payment' },
          { address: ORDINALS, purpose: 'ordinals' },
        ],
        bitcoin: { name: 'Regtest' },
      },
    ]);
    // The wallet took bip122 out of the session: no account left, which the adapter reads as a disconnect.
    setApproval(undefined);
    provider.sessionUpdated();
    expect(heard[1]).toEqual({ type: 'accountChange', addresses: [], bitcoin: { name: 'Regtest' } });
    off();
    provider.sessionUpdated();
    expect(heard).toHaveLength(2);
  });
});
