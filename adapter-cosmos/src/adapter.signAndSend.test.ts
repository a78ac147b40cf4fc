import { isLatchError, isUserRejection, type Connector } from '@latch/kernel';
import { cosmosAddressOfPubkey, createMockCosmosWallet, verifyAdr36Signature, walletKeyFrom } from '@latch/testkit';
import { SigningStargateClient } from '@cosmjs/stargate';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createPage,
  failure,
  installWallets,
  type LocalCosmos,
  type MockCosmosWallet,
  mountAdapter,
  privateKey,
  startLocalCosmos,
  unmountAll,
} from './test-support/cosmosFixture.js';

let local: LocalCosmos;
let keplr: MockCosmosWallet;
let mounted: ReturnType<typeof mountAdapter>;
let connector: Connector;
let alice: string;
let bob: string;

beforeEach(async () => {
  local = await startLocalCosmos();
  const page = createPage();
  const { wallets } = installWallets(page, [
    { global: 'keplr', mnemonicOrPrivateKey: privateKey(0x41) },
    { global: 'leap', mnemonicOrPrivateKey: privateKey(0x42) },
  ]);
  keplr = wallets.keplr!;
  mounted = mountAdapter(page, [local.network]);
  connector = mounted.connector('keplr');
  alice = (await mounted.adapter.connect(connector, { network: local.network })).address;
  await wallets.leap!.experimentalSuggestChain(local.network.cosmos.chainInfo);
  bob = await wallets.leap!.addressFor('latch-local-1');
  local.chain.fund(alice, 10_000_000n);
});
afterEach(async () => {
  unmountAll();
  await local.stop();
});

describe('signMessage (ADR-36 through signArbitrary)', () => {
  it('returns the StdSignature as JSON, which the hand-rolled ADR-36 check accepts for this message and signer only', async () => {
    const { signMessage } = mounted.adapter.capabilities!.signMessage!;
    const signature = await signMessage({ message: 'Sign in to Latch', address: alice, connector });
    const parsed = JSON.parse(signature);
    expect(Object.keys(parsed)).toEqual(['pub_key', 'signature']);
    expect(parsed.pub_key.type).toBe('tendermint/PubKeySecp256k1');
    expect(verifyAdr36Signature({ signer: alice, data: 'Sign in to Latch', signature })).toBe(true);
    expect(verifyAdr36Signature({ signer: alice, data: 'Sign in to Latch!', signature })).toBe(false);
    expect(verifyAdr36Signature({ signer: bob, data: 'Sign in to Latch', signature })).toBe(false);
    expect(keplr.prompts().at(-1)).toBe('signArbitrary:latch-local-1');
  });

  it('maps a declined signature to 4001, and refuses an account the wallet did not grant before prompting', async () => {
    const { signMessage } = mounted.adapter.capabilities!.signMessage!;
    keplr.setFailure('rejectSign', true);
    expect(isUserRejection(await failure(signMessage({ message: 'x', address: alice, connector })))).toBe(true);
    keplr.setFailure('rejectSign', false);
    const prompts = keplr.prompts().length;
    const error = await failure(signMessage({ message: 'x', address: bob, connector }));
    expect(error).toMatchObject({ category: 'CONNECTOR_ERROR', message: expect.stringMatching(/^Account not found for connector/) });
    expect(keplr.prompts()).toHaveLength(prompts);
  });

  it('refuses a signature that does not verify, or by another key, instead of passing it on', async () => {
    const { signMessage } = mounted.adapter.capabilities!.signMessage!;
    const genuine = await keplr.signArbitrary('latch-local-1', alice, 'something else');
    const forged = {
      ...connector,
      id: 'forged',
      provider: Object.assign(Object.create(keplr) as object, { signArbitrary: async () => genuine }),
    };
    expect(await failure(signMessage({ message: 'x', address: alice, connector: forged }))).toMatchObject({
      message: 'Keplr answered a malformed signature (it does not verify)',
    });
    const leapSigned = createMockCosmosWallet({
      mnemonicOrPrivateKey: privateKey(0x42),
      chains: [{ chainId: 'latch-local-1', bech32Prefix: 'cosmos' }],
    });
    await leapSigned.enable('latch-local-1');
    const otherKey = await leapSigned.signArbitrary('latch-local-1', bob, 'x');
    const swapped = {
      ...connector,
      id: 'swapped',
      provider: Object.assign(Object.create(keplr) as object, { signArbitrary: async () => otherKey }),
    };
    expect(await failure(signMessage({ message: 'x', address: alice, connector: swapped }))).toMatchObject({
      message: 'Keplr answered a malformed signature (another key)',
    });
  });
});

describe("send.sendTransfer (MsgSend through the wallet's offline signer)", () => {
  it('lands on the chain: the receiver gets the amount, the sender pays it plus the fee the chain charged', async () => {
    const { sendTransfer, estimateFee } = mounted.adapter.capabilities!.send!;
    const request = { from: alice, to: bob, amount: 2_500_000n, network: local.network, connector };
    const estimate = await estimateFee!(request);
    // The quote the review showed is what the wallet signs.
    const hash = await sendTransfer({ ...request, feeQuote: estimate });
    expect(hash).toMatch(/^[0-9A-F]{64}$/);
    const recorded = local.chain.transaction(hash);
    expect(recorded).toMatchObject({ code: 0 });
    expect(local.chain.balanceOf(bob)).toBe(2_500_000n);
    expect(local.chain.balanceOf(alice)).toBe(10_000_000n - 2_500_000n - recorded!.fee);
    expect(recorded!.fee).toBeGreaterThan(0n);
    expect(estimate.fee).toBe(recorded!.fee);
    expect(estimate.terms).toEqual({ gas: expect.stringMatching(/^\d+$/), amount: [{ denom: 'ustake', amount: String(recorded!.fee) }] });
    expect(keplr.prompts().at(-1)).toBe('signDirect:latch-local-1');
  });

  it('says clearly when the balance does not cover amount plus fee, before the wallet is asked (a chain would keep the fee)', async () => {
    const { sendTransfer } = mounted.adapter.capabilities!.send!;
    const prompts = keplr.prompts().length;
    for (const amount of [10_000_001n, 10_000_000n]) {
      const error = await failure(sendTransfer({ from: alice, to: bob, amount, network: local.network, connector }));
      expect(error).toMatchObject({ category: 'RPC_ERROR', message: 'The account balance does not cover the amount plus the fee.' });
    }
    expect(keplr.prompts()).toHaveLength(prompts);
    expect(local.chain.balanceOf(alice)).toBe(10_000_000n);
  });

  it('maps a declined signature to 4001 and sends nothing', async () => {
    const { sendTransfer } = mounted.adapter.capabilities!.send!;
    keplr.setFailure('rejectSign', true);
    const error = await failure(sendTransfer({ from: alice, to: bob, amount: 1n, network: local.network, connector }));
    expect(isUserRejection(error)).toBe(true);
    expect(local.chain.balanceOf(bob)).toBe(0n);
  });

  it('refuses tokens and bad input before the wallet is asked', async () => {
    const { sendTransfer } = mounted.adapter.capabilities!.send!;
    const request = { from: alice, to: bob, amount: 1n, network: local.network, connector };
    const prompts = keplr.prompts().length;
    const osmo = cosmosAddressOfPubkey((await walletKeyFrom(privateKey(0x42))).pubkey, 'osmo'); // bob's key, another chain's prefix
    for (const bad of [
      { token: 'ibc/27394FB092D2ECCD56123C74F36E4C1F926001CEADA9CA97EA622B25F41E5EB2' },
      { to: osmo },
      { to: 'nope' },
      { amount: 0n },
      { amount: -5n },
      { from: bob },
    ]) {
      const error = await failure(sendTransfer({ ...request, ...bad }));
      expect(
        isLatchError(error),
        JSON.stringify(bad, (_key, value) => (typeof value === 'bigint' ? `${value}n` : value)),
      ).toBe(true);
    }
    expect(keplr.prompts()).toHaveLength(prompts);
    expect(local.chain.balanceOf(bob)).toBe(0n);
  });

  it('refuses to send to a node that serves another chain id than the network', async () => {
    const impostor = await startLocalCosmos({ chainId: 'latch-local-2' });
    try {
      impostor.chain.fund(alice, 1_000_000n);
      const network = { ...local.network, rpcUrls: { default: { http: [impostor.chain.rpcUrl] } } };
      const error = await failure(
        mounted.adapter.capabilities!.send!.sendTransfer({ from: alice, to: bob, amount: 1n, network, connector }),
      );
      expect(error).toMatchObject({ message: `The node at ${impostor.chain.rpcUrl} serves chain latch-local-2, not latch-local-1` });
    } finally {
      await impostor.stop();
    }
  });
});

describe('send.waitForTransfer', () => {
  it('confirms a transfer in a block, reports one the chain failed with its reason, and stops when aborted', async () => {
    const { sendTransfer, waitForTransfer } = mounted.adapter.capabilities!.send!;
    const hash = await sendTransfer({ from: alice, to: bob, amount: 1_000n, network: local.network, connector });
    expect(await waitForTransfer!({ hash, network: local.network })).toEqual({ status: 'confirmed' });

    // A send the wallet signs with a fixed fee through CosmJS directly: it passes CheckTx and fails in DeliverTx.
    const client = await SigningStargateClient.connectWithSigner(local.chain.rpcUrl, keplr.getOfflineSigner('latch-local-1'), {
      broadcastPollIntervalMs: 20,
    });
    const balance = local.chain.balanceOf(alice);
    const fee = { amount: [{ denom: 'ustake', amount: '5000' }], gas: '200000' };
    const failed = await client.sendTokens(alice, bob, [{ denom: 'ustake', amount: balance.toString() }], fee);
    client.disconnect();
    expect(await waitForTransfer!({ hash: failed.transactionHash, network: local.network })).toEqual({
      status: 'failed',
      reason: 'The account balance does not cover the amount plus the fee.',
    });

    const controller = new AbortController();
    const pending = failure(waitForTransfer!({ hash: 'AB'.repeat(32), network: local.network, signal: controller.signal }));
    controller.abort();
    expect(await pending).toMatchObject({ message: 'Request was aborted' });
    expect(await failure(waitForTransfer!({ hash: 'nope', network: local.network }))).toMatchObject({ category: 'VALIDATION_ERROR' });
  });
});
