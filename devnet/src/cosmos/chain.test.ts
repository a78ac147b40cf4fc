import { sha256 } from '@cosmjs/crypto';
import { fromBase64, toHex } from '@cosmjs/encoding';
import { DirectSecp256k1Wallet, makeAuthInfoBytes, makeSignDoc, type TxBodyEncodeObject } from '@cosmjs/proto-signing';
import { GasPrice, SigningStargateClient, StargateClient, defaultRegistryTypes } from '@cosmjs/stargate';
import { Registry, encodePubkey } from '@cosmjs/proto-signing';
import { encodeSecp256k1Pubkey } from '@cosmjs/amino';
import { TxRaw } from 'cosmjs-types/cosmos/tx/v1beta1/tx';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startCosmosChain, type CosmosChain } from './chain.js';

const key = (byte: number) => new Uint8Array(32).fill(byte);
const gasPrice = GasPrice.fromString('0.025ustake');
let chain: CosmosChain;
let alice: DirectSecp256k1Wallet;
let aliceAddress: string;
let bobAddress: string;

beforeEach(async () => {
  chain = await startCosmosChain();
  alice = await DirectSecp256k1Wallet.fromKey(key(0xa1), 'cosmos');
  aliceAddress = (await alice.getAccounts())[0]!.address;
  bobAddress = (await (await DirectSecp256k1Wallet.fromKey(key(0xb2), 'cosmos')).getAccounts())[0]!.address;
  chain.fund(aliceAddress, 5_000_000n);
});
afterEach(async () => {
  await chain.stop();
});

/** A MsgSend from alice signed by hand, so a test can change any part of it. */
async function signedSend({ chainId = chain.chainId, sequence = 0, accountNumber = 0, amount = '1000' } = {}) {
  const [account] = await alice.getAccounts();
  const registry = new Registry(defaultRegistryTypes);
  const body: TxBodyEncodeObject = {
    typeUrl: '/cosmos.tx.v1beta1.TxBody',
    value: {
      messages: [
        {
          typeUrl: '/cosmos.bank.v1beta1.MsgSend',
          value: { fromAddress: aliceAddress, toAddress: bobAddress, amount: [{ denom: 'ustake', amount }] },
        },
      ],
    },
  };
  const bodyBytes = registry.encode(body);
  const authInfoBytes = makeAuthInfoBytes(
    [{ pubkey: encodePubkey(encodeSecp256k1Pubkey(account!.pubkey)), sequence }],
    [{ denom: 'ustake', amount: '5000' }],
    200_000,
    undefined,
    undefined,
  );
  const { signature } = await alice.signDirect(aliceAddress, makeSignDoc(bodyBytes, authInfoBytes, chainId, accountNumber));
  return { bodyBytes, authInfoBytes, signature: fromBase64(signature.signature) };
}

type SignedSend = Awaited<ReturnType<typeof signedSend>>;
const encodeTx = ({ bodyBytes, authInfoBytes, signature }: SignedSend) =>
  TxRaw.encode(TxRaw.fromPartial({ bodyBytes, authInfoBytes, signatures: [signature] })).finish();

/** broadcast_tx_sync through CosmJS: the CheckTx code (0 = accepted) and the transaction id. */
const broadcast = async (tx: SignedSend) => {
  const client = await StargateClient.connect(chain.rpcUrl);
  try {
    const hash = await client.broadcastTxSync(encodeTx(tx));
    return { code: 0, hash };
  } catch (error) {
    return { code: (error as { code?: number }).code, hash: undefined };
  } finally {
    client.disconnect();
  }
};

describe('startCosmosChain (CometBFT 0.38 stand-in)', () => {
  it('answers StargateClient: chain id, height, balances, accounts (null when unknown)', async () => {
    const client = await StargateClient.connect(chain.rpcUrl);
    expect(chain).toMatchObject({
      chainId: 'latch-local-1',
      caipNetworkId: 'cosmos:latch-local-1',
      denom: 'ustake',
      bech32Prefix: 'cosmos',
    });
    expect(await client.getChainId()).toBe('latch-local-1');
    expect(await client.getHeight()).toBeGreaterThanOrEqual(1);
    expect(await client.getBalance(aliceAddress, 'ustake')).toEqual({ denom: 'ustake', amount: '5000000' });
    expect(await client.getBalance(bobAddress, 'ustake')).toEqual({ denom: 'ustake', amount: '0' });
    expect(await client.getAllBalances(aliceAddress)).toEqual([{ denom: 'ustake', amount: '5000000' }]);
    expect(await client.getAccount(aliceAddress)).toMatchObject({ address: aliceAddress, accountNumber: 0n, sequence: 0, pubkey: null });
    expect(await client.getAccount(bobAddress)).toBeNull();
    expect((await client.getBlock()).header.chainId).toBe('latch-local-1');
    client.disconnect();
  });

  it('applies a sendTokens signed by CosmJS with fee "auto", indexes it, and charges the fee', async () => {
    const client = await SigningStargateClient.connectWithSigner(chain.rpcUrl, alice, { gasPrice, broadcastPollIntervalMs: 20 });
    const result = await client.sendTokens(aliceAddress, bobAddress, [{ denom: 'ustake', amount: '1234' }], 'auto');
    expect(result.code).toBe(0);
    const recorded = chain.transaction(result.transactionHash)!;
    expect(recorded.code).toBe(0);
    // fee 'auto' = ceil(simulated gas × 1.4) × 0.025: the stand-in charges 75,000 gas for one message.
    expect(recorded.fee).toBe(BigInt(Math.ceil(Math.ceil(75_000 * 1.4) * 0.025)));
    expect(chain.balanceOf(bobAddress)).toBe(1234n);
    expect(chain.balanceOf(aliceAddress)).toBe(5_000_000n - 1234n - recorded.fee);
    expect((await client.getTx(result.transactionHash))?.code).toBe(0);
    const found = await client.searchTx([{ key: 'transfer.recipient', value: bobAddress }]);
    expect(found.map((tx) => tx.hash)).toEqual([result.transactionHash]);
    expect((await client.getAccount(aliceAddress))?.sequence).toBe(1);
    client.disconnect();
  });

  it('rejects a tampered signature, a wrong chain id, a wrong account number and a reused sequence, changing nothing', async () => {
    const good = await signedSend();
    const tampered = Uint8Array.from(good.signature);
    tampered[10] = (tampered[10] ?? 0) ^ 1;
    expect(await broadcast({ ...good, signature: tampered })).toMatchObject({ code: 4 });
    expect(await broadcast(await signedSend({ chainId: 'another-chain' }))).toMatchObject({ code: 4 });
    expect(await broadcast(await signedSend({ accountNumber: 7 }))).toMatchObject({ code: 4 });
    expect(chain.balanceOf(bobAddress)).toBe(0n);
    expect(await broadcast(good)).toMatchObject({ code: 0 });
    expect(chain.balanceOf(bobAddress)).toBe(1000n);
    expect(await broadcast(await signedSend({ amount: '2000' }))).toMatchObject({ code: 32 }); // sequence 0 again
    expect(chain.balanceOf(bobAddress)).toBe(1000n);
  });

  it('makes CosmJS throw "Broadcasting transaction failed with code 4" for a signature over another chain id', async () => {
    const wrong = await signedSend({ chainId: 'latch-local-2' });
    const client = await StargateClient.connect(chain.rpcUrl);
    await expect(client.broadcastTx(encodeTx(wrong), 2_000, 20)).rejects.toThrow(/Broadcasting transaction failed with code 4/);
    client.disconnect();
  });

  it('fails the simulation of a send above the balance with insufficient funds, and lands one that only fails in DeliverTx with its fee charged', async () => {
    const client = await SigningStargateClient.connectWithSigner(chain.rpcUrl, alice, { gasPrice, broadcastPollIntervalMs: 20 });
    await expect(client.sendTokens(aliceAddress, bobAddress, [{ denom: 'ustake', amount: '6000000' }], 'auto')).rejects.toThrow(
      /insufficient funds/,
    );
    const fee = { amount: [{ denom: 'ustake', amount: '5000' }], gas: '200000' };
    const result = await client.sendTokens(aliceAddress, bobAddress, [{ denom: 'ustake', amount: '4999000' }], fee);
    expect(result.code).toBe(5);
    expect(chain.balanceOf(aliceAddress)).toBe(5_000_000n - 5000n);
    expect(chain.balanceOf(bobAddress)).toBe(0n);
    client.disconnect();
  });

  it('names transactions by the sha256 of their bytes, as CometBFT does, one block each', async () => {
    const good = await signedSend();
    const { hash } = await broadcast(good);
    expect(hash).toBe(toHex(sha256(encodeTx(good))).toUpperCase());
    expect(chain.transaction(hash!.toLowerCase())).toMatchObject({ height: 2, code: 0, fee: 5000n, gasWanted: 200_000n });
  });

  it('answers CORS preflights and rejects what is not JSON-RPC', async () => {
    const preflight = await fetch(chain.rpcUrl, { method: 'OPTIONS' });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    const unknown = await fetch(chain.rpcUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'nope' }) });
    expect(await unknown.json()).toMatchObject({ id: 1, error: { code: -32601 } });
    expect(await (await fetch(chain.rpcUrl, { method: 'POST', body: '{' })).json()).toMatchObject({ error: { code: -32700 } });
    expect(() => chain.fund('osmo1xyz', 1n)).toThrow(TypeError);
  });
});
