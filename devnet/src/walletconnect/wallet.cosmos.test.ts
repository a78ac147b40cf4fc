import { makeSignDoc, serializeSignDoc, type StdSignDoc } from '@cosmjs/amino';
import { Secp256k1, Secp256k1Signature, sha256 } from '@cosmjs/crypto';
import { fromBase64, toBase64 } from '@cosmjs/encoding';
import type { DirectSignResponse, OfflineDirectSigner } from '@cosmjs/proto-signing';
import { GasPrice, SigningStargateClient } from '@cosmjs/stargate';
import type { SignDoc } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { cosmosAddressOfPubkey } from '@latch/testkit';
import { verifyAdr36Signature } from '@latch/testkit';
import { type CosmosChain, startCosmosChain } from '../cosmos/chain.js';
import { privateKey, TEST_MNEMONIC, TEST_MNEMONIC_ADDRESS } from '../cosmos/cosmos.testSupport.js';
import { walletKeyFrom } from '@latch/testkit';
import { startWalletConnectRelay, type WalletConnectRelay } from './relay.js';
import { startWalletConnectWallet } from '@latch/testkit/walletconnect';
import type { WalletConnectWallet, WalletConnectWalletOptions } from '@latch/testkit/walletconnect';
import { closeDapp, connect, type Dapp, startDapp } from './walletconnect.testSupport.js';

// The test wallet's cosmos namespace over the local relay: a sign-client dapp asks for the keys, has a MsgSend signed
// with cosmos_signDirect (CosmJS builds and broadcasts it to the CometBFT stand-in) and ADR-36 / amino docs signed.

const KEY = privateKey(0x61);
const NAMESPACE = {
  chains: ['cosmos:latch-local-1'],
  methods: ['cosmos_getAccounts', 'cosmos_signDirect', 'cosmos_signAmino'],
  events: [],
};

let relay: WalletConnectRelay;
let chain: CosmosChain;
const opened: { dapps: Dapp[]; wallets: WalletConnectWallet[] } = { dapps: [], wallets: [] };

beforeAll(async () => {
  [relay, chain] = await Promise.all([startWalletConnectRelay(), startCosmosChain()]);
});
afterAll(async () => {
  await Promise.all([relay?.stop(), chain?.stop()]);
});
afterEach(async () => {
  const walletErrors = opened.wallets.flatMap((each) => each.errors.map((error) => error.message));
  await Promise.all([...opened.dapps.splice(0).map(closeDapp), ...opened.wallets.splice(0).map((wallet) => wallet.close())]);
  expect(walletErrors).toEqual([]);
});

async function session(cosmos: Partial<NonNullable<WalletConnectWalletOptions['cosmos']>> = {}) {
  const [wallet, dapp] = await Promise.all([
    startWalletConnectWallet({
      relayUrl: relay.url,
      // The wallet always holds an eip155 key; these sessions ask for cosmos only.
      evm: { privateKey: `0x${'11'.repeat(32)}`, rpcUrls: { 1: 'http://127.0.0.1:9' } },
      cosmos: { mnemonicOrPrivateKey: KEY, ...cosmos },
    }),
    startDapp(relay.url),
  ]);
  opened.wallets.push(wallet);
  opened.dapps.push(dapp);
  const { topic, namespaces } = await connect(dapp, wallet, { cosmos: NAMESPACE });
  const request = (method: string, params: unknown) =>
    dapp.request<unknown>({ topic, chainId: 'cosmos:latch-local-1', request: { method, params } });
  return { wallet, dapp, namespaces, request, address: wallet.addresses.cosmos as string };
}

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (error: unknown) => error as { code?: number; message?: string },
  );

describe('the test wallet’s cosmos namespace over WalletConnect', () => {
  test('approves its account on the local chain and answers cosmos_getAccounts with the key behind it', async () => {
    const { namespaces, request, address } = await session();
    const { pubkey } = await walletKeyFrom(KEY);
    expect(address).toBe(cosmosAddressOfPubkey(pubkey, 'cosmos'));
    expect(namespaces.cosmos?.accounts).toEqual([`cosmos:latch-local-1:${address}`]);
    expect(namespaces.cosmos?.methods).toEqual(NAMESPACE.methods);
    const accounts = (await request('cosmos_getAccounts', {})) as { algo: string; address: string; pubkey: string }[];
    expect(accounts).toEqual([{ algo: 'secp256k1', address, pubkey: toBase64(pubkey) }]);
    // The base64 key hashes to the address, as the chain checks.
    expect(cosmosAddressOfPubkey(fromBase64(accounts[0]!.pubkey), 'cosmos')).toBe(address);
  });

  test('signs a MsgSend with cosmos_signDirect as CosmJS does: the chain accepts it and the tokens move', async () => {
    const { request, address, wallet } = await session();
    chain.fund(address, 5_000_000n);
    const recipient = cosmosAddressOfPubkey((await walletKeyFrom(privateKey(0x62))).pubkey, 'cosmos');
    const { pubkey } = await walletKeyFrom(KEY);
    // A CosmJS signer whose every signature comes over the session, in WalletConnect's wire format.
    const signer: OfflineDirectSigner = {
      getAccounts: async () => [{ address, algo: 'secp256k1', pubkey }],
      async signDirect(signerAddress: string, doc: SignDoc): Promise<DirectSignResponse> {
        const signDoc = {
          chainId: doc.chainId,
          accountNumber: doc.accountNumber.toString(),
          authInfoBytes: toBase64(doc.authInfoBytes),
          bodyBytes: toBase64(doc.bodyBytes),
        };
        const answer = (await request('cosmos_signDirect', { signerAddress, signDoc })) as {
          signed: typeof signDoc;
          signature: DirectSignResponse['signature'];
        };
        expect(answer.signed).toEqual(signDoc);
        return { signed: doc, signature: answer.signature };
      },
    };
    const client = await SigningStargateClient.connectWithSigner(chain.rpcUrl, signer, { gasPrice: GasPrice.fromString('0.025ustake') });
    try {
      const result = await client.sendTokens(address, recipient, [{ denom: 'ustake', amount: '1234' }], 'auto');
      expect(result.code).toBe(0);
      expect(chain.transaction(result.transactionHash)?.code).toBe(0);
      expect(chain.balanceOf(recipient)).toBe(1234n);
      expect(chain.balanceOf(address)).toBe(5_000_000n - 1234n - (chain.transaction(result.transactionHash)?.fee ?? 0n));
    } finally {
      client.disconnect();
    }
    expect(wallet.requests.map((each) => each.method)).toEqual(['cosmos_signDirect']);
  });

  test('signs an ADR-36 document and a chain amino document with cosmos_signAmino, both verifiable', async () => {
    const { request, address } = await session();
    const data = 'Latch over WalletConnect';
    const adr36 = makeSignDoc(
      [{ type: 'sign/MsgSignData', value: { signer: address, data: toBase64(new TextEncoder().encode(data)) } }],
      { gas: '0', amount: [] },
      '',
      '',
      0,
      0,
    );
    const signedMessage = (await request('cosmos_signAmino', { signerAddress: address, signDoc: adr36 })) as {
      signature: { pub_key: { type: string; value: string }; signature: string };
      signed: StdSignDoc;
    };
    expect(signedMessage.signed).toEqual(adr36);
    expect(verifyAdr36Signature({ signer: address, data, signature: signedMessage.signature })).toBe(true);
    expect(verifyAdr36Signature({ signer: address, data: `${data}!`, signature: signedMessage.signature })).toBe(false);

    const doc = makeSignDoc(
      [{ type: 'cosmos-sdk/MsgSend', value: { from_address: address, to_address: address, amount: [{ denom: 'ustake', amount: '1' }] } }],
      { gas: '200000', amount: [{ denom: 'ustake', amount: '5000' }] },
      'latch-local-1',
      'memo',
      7,
      3,
    );
    const signed = (await request('cosmos_signAmino', { signerAddress: address, signDoc: doc })) as typeof signedMessage;
    const { pubkey } = await walletKeyFrom(KEY);
    expect(signed.signature.pub_key).toEqual({ type: 'tendermint/PubKeySecp256k1', value: toBase64(pubkey) });
    const signature = Secp256k1Signature.fromFixedLength(fromBase64(signed.signature.signature));
    expect(await Secp256k1.verifySignature(signature, sha256(serializeSignDoc(doc)), pubkey)).toBe(true);
  });

  test('refuses signing with 5000 when told to, and wrong signers, chains and documents with clear errors', async () => {
    const { request, address, wallet } = await session();
    const signDoc = { chainId: 'latch-local-1', accountNumber: '0', authInfoBytes: toBase64(new Uint8Array([1])), bodyBytes: '' };
    expect(await failure(request('cosmos_signDirect', { signerAddress: TEST_MNEMONIC_ADDRESS, signDoc }))).toMatchObject({
      code: 5103,
      message: `Unsupported accounts. ${TEST_MNEMONIC_ADDRESS}`,
    });
    // The SDK replaces the text of reserved JSON-RPC codes on the wire ("Invalid params"); the wallet's own texts are
    // checked by answering directly, in the testkit (walletconnect/walletCosmos.test.ts).
    const invalid = { code: -32602, message: 'Invalid params' };
    expect(await failure(request('cosmos_signDirect', { signerAddress: address, signDoc: { ...signDoc, chainId: 'other-1' } }))).toEqual(
      invalid,
    );
    const otherChain = makeSignDoc([], { gas: '1', amount: [] }, 'other-1', '', 0, 0);
    expect(await failure(request('cosmos_signAmino', { signerAddress: address, signDoc: otherChain }))).toEqual(invalid);

    wallet.setBehaviour({ rejectRequests: true });
    const rejected = { code: 5000, message: 'User rejected.' };
    expect(await failure(request('cosmos_signDirect', { signerAddress: address, signDoc }))).toMatchObject(rejected);
    const chainDoc = makeSignDoc([], { gas: '1', amount: [] }, 'latch-local-1', '', 0, 0);
    expect(await failure(request('cosmos_signAmino', { signerAddress: address, signDoc: chainDoc }))).toMatchObject(rejected);
    // Reading the keys is no signature: still answered.
    await expect(request('cosmos_getAccounts', {})).resolves.toHaveLength(1);
  });

  test('derives the key from a mnemonic on another prefix', async () => {
    const { namespaces } = await session({ mnemonicOrPrivateKey: TEST_MNEMONIC });
    expect(namespaces.cosmos?.accounts).toEqual([`cosmos:latch-local-1:${TEST_MNEMONIC_ADDRESS}`]);
  });

  test('switches to another key: every session gets the new account, and requests are answered with the new key', async () => {
    const { wallet, dapp, request, address } = await session();
    const [topic] = wallet.sessions().map((each) => each.topic);
    const next = await wallet.switchNamespaceAccount('cosmos', privateKey(0x63));
    const { pubkey } = await walletKeyFrom(privateKey(0x63));
    expect(next).toBe(cosmosAddressOfPubkey(pubkey, 'cosmos'));
    expect(wallet.addresses.cosmos).toBe(next);
    expect(dapp.session.get(topic as string).namespaces.cosmos?.accounts).toEqual([`cosmos:latch-local-1:${next}`]);
    await expect(request('cosmos_getAccounts', {})).resolves.toEqual([{ algo: 'secp256k1', address: next, pubkey: toBase64(pubkey) }]);
    const signDoc = { chainId: 'latch-local-1', accountNumber: '0', authInfoBytes: '', bodyBytes: '' };
    expect(await failure(request('cosmos_signDirect', { signerAddress: address, signDoc }))).toMatchObject({ code: 5103 });
    await expect(wallet.switchNamespaceAccount('cosmos', 'nope')).rejects.toThrow(
      'the cosmos key must be 32 bytes of hex or a BIP-39 mnemonic',
    );
    await expect(wallet.switchNamespaceAccount('toy', KEY)).rejects.toThrow('it cannot switch accounts on toy');
  });

  test('refuses bad options with one sentence', async () => {
    const base = { relayUrl: relay.url, evm: { privateKey: `0x${'11'.repeat(32)}` as const, rpcUrls: { 1: 'http://127.0.0.1:9' } } };
    await expect(startWalletConnectWallet({ ...base, cosmos: { mnemonicOrPrivateKey: 'not a key' } })).rejects.toThrow(
      /cosmos\.mnemonicOrPrivateKey must be 32 bytes of hex or a BIP-39 mnemonic/,
    );
    await expect(startWalletConnectWallet({ ...base, cosmos: { mnemonicOrPrivateKey: KEY, chainId: 'bad id!' } })).rejects.toThrow(
      'cosmos.chainId must be 1 to 32 of',
    );
    await expect(startWalletConnectWallet({ ...base, cosmos: { mnemonicOrPrivateKey: KEY, bech32Prefix: 'Cosmos' } })).rejects.toThrow(
      'cosmos.bech32Prefix must be lower-case',
    );
  });
});
