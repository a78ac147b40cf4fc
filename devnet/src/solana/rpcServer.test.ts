import {
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  pipe,
  setTransactionMessageComputeUnitLimit,
  setTransactionMessageComputeUnitPrice,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  generateKeyPairSigner,
  getBase58Encoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  lamports,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  type Address,
  type KeyPairSigner,
} from '@solana/kit';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_SOLANA_CAIP_NETWORK_ID } from '@latch/testkit';
import { startSolanaRpc, type SolanaRpcFixture } from './rpcServer.js';
import { createLocalRpc, signedSolTransfer, signedTransaction, transferSol, type LocalRpc } from './solanaTransfers.testSupport.js';

const SOL = 1_000_000_000n;

let chain: SolanaRpcFixture;
let rpc: LocalRpc;

beforeAll(async () => {
  chain = await startSolanaRpc();
  rpc = createLocalRpc(chain.rpcUrl);
});
afterAll(async () => {
  await chain?.stop();
});

async function fundedSigner(lamports = 10n * SOL): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner();
  chain.airdrop(signer.address, lamports);
  return signer;
}

async function rawCall(
  method: string,
  params: unknown[] = [],
): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }> {
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}

describe('cluster methods', () => {
  it('reports health, version and a genesis hash whose first 32 characters are the Local Solana CAIP-2 reference', async () => {
    expect(await rpc.getHealth().send()).toBe('ok');
    expect((await rpc.getVersion().send())['solana-core']).toMatch(/^\d+\.\d+\.\d+$/);
    const genesisHash = await rpc.getGenesisHash().send();
    expect(genesisHash).toBe(chain.genesisHash);
    expect(getBase58Encoder().encode(genesisHash)).toHaveLength(32);
    expect(chain.caipNetworkId).toBe(`solana:${genesisHash.slice(0, 32)}`);
    expect(chain.caipNetworkId).toBe(LOCAL_SOLANA_CAIP_NETWORK_ID);
  });

  it('advances one slot per landed transaction, and wraps values in { context: { slot }, value }', async () => {
    const slot = await rpc.getSlot().send();
    const { context, value } = await rpc.getLatestBlockhash().send();
    expect(context.slot).toBe(slot);
    expect(value.lastValidBlockHeight).toBe((await rpc.getBlockHeight().send()) + 150n);
    await fundedSigner();
    expect(await rpc.getSlot().send()).toBe(slot + 1n);
    expect((await rpc.isBlockhashValid(value.blockhash).send()).value).toBe(true);
    const epoch = await rpc.getEpochInfo().send();
    expect(epoch.absoluteSlot).toBe(slot + 1n);
    expect(epoch.slotIndex).toBeLessThan(epoch.slotsInEpoch);
  });

  it('answers rent exemption like the runtime', async () => {
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n);
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n);
  });
});

describe('SOL', () => {
  it('shows an airdrop in getBalance, through the fixture and through requestAirdrop', async () => {
    const owner = await fundedSigner(3n * SOL);
    expect((await rpc.getBalance(owner.address).send()).value).toBe(3n * SOL);
    const signature = await rpc.requestAirdrop(owner.address, lamports(SOL)).send();
    expect((await rpc.getBalance(owner.address).send()).value).toBe(4n * SOL);
    expect((await rpc.getSignatureStatuses([signature]).send()).value[0]?.confirmationStatus).toBe('finalized');
  });

  it('lands a signed transfer sent as base64: lamports move, the sender pays 5,000 lamports, the status is finalized', async () => {
    const [sender, recipient] = [await fundedSigner(), await generateKeyPairSigner()];
    const transaction = await signedTransaction(rpc, sender, [transferSol(sender, recipient.address, 2n * SOL)]);
    const wire = getBase64EncodedWireTransaction(transaction);
    const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    expect(signature).toBe(getSignatureFromTransaction(transaction));
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(2n * SOL);
    expect((await rpc.getBalance(sender.address).send()).value).toBe(8n * SOL - 5000n);

    const [status, unknown] = (
      await rpc.getSignatureStatuses([signature, getSignatureFromTransaction(await signedTransaction(rpc, sender, []))]).send()
    ).value;
    expect(status).toMatchObject({ confirmationStatus: 'finalized', err: null, status: { Ok: null }, confirmations: null });
    expect(unknown).toBeNull();

    const landed = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send();
    expect(landed?.meta).toMatchObject({
      err: null,
      fee: 5000n,
      preBalances: [10n * SOL, 0n, 1n],
      postBalances: [8n * SOL - 5000n, 2n * SOL, 1n],
    });
    expect(landed?.transaction.signatures).toEqual([signature]);
    expect(landed?.version).toBe(0);
  });

  it('accepts base58, the default wire encoding', async () => {
    const [sender, recipient] = [await fundedSigner(), await generateKeyPairSigner()];
    const base64 = await signedSolTransfer(rpc, sender, recipient.address, SOL);
    const base58 = (await import('@solana/kit')).getBase58Decoder().decode(Buffer.from(base64, 'base64'));
    await rpc.sendTransaction(base58 as never).send();
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(SOL);
  });

  it('refuses an overdraft in preflight with -32002, the instruction error and the program logs', async () => {
    const [sender, recipient] = [await fundedSigner(SOL), await generateKeyPairSigner()];
    const wire = await signedSolTransfer(rpc, sender, recipient.address, 5n * SOL);
    const raw = await rawCall('sendTransaction', [wire, { encoding: 'base64' }]);
    expect(raw.error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
      data: { err: { InstructionError: [0, { Custom: 1 }] }, accounts: null, unitsConsumed: 150 },
    });
    expect((raw.error!.data as { logs: string[] }).logs).toContain(`Transfer: insufficient lamports ${SOL - 5000n}, need ${5n * SOL}`);

    const viaKit = await rpc
      .sendTransaction(wire, { encoding: 'base64' })
      .send()
      .catch((error: unknown) => error);
    expect(isSolanaError(viaKit, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true);
    expect((await rpc.getBalance(sender.address).send()).value).toBe(SOL);
  });

  it('with skipPreflight, lands the failing transaction: the fee is charged and the status carries the error', async () => {
    const [sender, recipient] = [await fundedSigner(SOL), await generateKeyPairSigner()];
    const signature = await rpc
      .sendTransaction(await signedSolTransfer(rpc, sender, recipient.address, 5n * SOL), { encoding: 'base64', skipPreflight: true })
      .send();
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
    expect(status?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] }); // kit turns every JSON integer into a bigint
    expect((await rpc.getBalance(sender.address).send()).value).toBe(SOL - 5000n);
  });

  it('refuses a transaction that is not signed (-32003) and one replayed (AlreadyProcessed)', async () => {
    const [sender, recipient] = [await fundedSigner(), await generateKeyPairSigner()];
    const wire = Buffer.from(await signedSolTransfer(rpc, sender, recipient.address, SOL), 'base64');
    const tampered = Uint8Array.from(wire);
    tampered[1] = (tampered[1] ?? 0) ^ 0xff;
    expect((await rawCall('sendTransaction', [Buffer.from(tampered).toString('base64'), { encoding: 'base64' }])).error).toEqual({
      code: -32003,
      message: 'Transaction signature verification failure',
    });
    await rawCall('sendTransaction', [wire.toString('base64'), { encoding: 'base64' }]);
    const replay = await rawCall('sendTransaction', [wire.toString('base64'), { encoding: 'base64' }]);
    expect(replay.error).toMatchObject({ code: -32002, data: { err: 'AlreadyProcessed' } });
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(SOL);
  });

  it('keeps a blockhash valid for 150 blocks, then refuses it as BlockhashNotFound', async () => {
    const [sender, recipient] = [await fundedSigner(), await generateKeyPairSigner()];
    const early = await signedSolTransfer(rpc, sender, recipient.address, SOL);
    const late = await signedSolTransfer(rpc, sender, recipient.address, 2n * SOL);
    for (let block = 0; block < 20; block++) chain.airdrop(recipient.address, SOL);
    await rpc.sendTransaction(early, { encoding: 'base64' }).send();
    for (let block = 0; block < 131; block++) chain.airdrop(recipient.address, SOL);
    expect((await rawCall('sendTransaction', [late, { encoding: 'base64' }])).error).toMatchObject({
      code: -32002,
      message: 'Transaction simulation failed: Blockhash not found',
      data: { err: 'BlockhashNotFound' },
    });
  });

  it('simulates without committing; sigVerify is off by default and replaceRecentBlockhash swaps in the latest', async () => {
    const [sender, recipient] = [await fundedSigner(), await generateKeyPairSigner()];
    const wire = await signedSolTransfer(rpc, sender, recipient.address, SOL);
    const { value } = await rpc.simulateTransaction(wire, { encoding: 'base64' }).send();
    expect(value).toMatchObject({ err: null, accounts: null, unitsConsumed: 150n, replacementBlockhash: null });
    expect(value.logs).toEqual(['Program 11111111111111111111111111111111 invoke [1]', 'Program 11111111111111111111111111111111 success']);
    expect((await rpc.getBalance(recipient.address).send()).value).toBe(0n);

    const withAccounts = await rpc
      .simulateTransaction(wire, {
        encoding: 'base64',
        replaceRecentBlockhash: true,
        accounts: { addresses: [recipient.address], encoding: 'base64' },
      })
      .send();
    expect(withAccounts.value.accounts?.[0]?.lamports).toBe(SOL);
    expect(withAccounts.value.replacementBlockhash?.blockhash).toBe((await rpc.getLatestBlockhash().send()).value.blockhash);
  });

  it('charges and reports the priority fee of a compute-unit price', async () => {
    const [sender, recipient] = [await fundedSigner(), await generateKeyPairSigner()];
    const blockhash = (await rpc.getLatestBlockhash().send()).value;
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayerSigner(sender, message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(blockhash, message),
        (message) => setTransactionMessageComputeUnitLimit(10_000, message),
        (message) => setTransactionMessageComputeUnitPrice(1_000_000n, message),
        (message) => appendTransactionMessageInstructions([transferSol(sender, recipient.address, SOL)], message),
      ),
    );
    const signature = await rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send();
    const landed = await rpc.getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 }).send();
    expect(landed?.meta?.fee).toBe(5000n + 10_000n);
    expect((await rpc.getBalance(sender.address).send()).value).toBe(9n * SOL - 15_000n);
  });

  it('prices a message at 5,000 lamports per signature', async () => {
    const sender = await fundedSigner();
    const transaction = await signedTransaction(rpc, sender, [transferSol(sender, address('11111111111111111111111111111112'), SOL)]);
    const message = Buffer.from(transaction.messageBytes).toString('base64');
    expect((await rpc.getFeeForMessage(message as never).send()).value).toBe(5000n);
  });
});

describe('JSON-RPC envelope', () => {
  it('answers an unknown method with -32601 and a malformed address with -32602', async () => {
    expect(await rawCall('getNothing')).toEqual({ jsonrpc: '2.0', id: 7, error: { code: -32601, message: 'Method not found' } });
    expect((await rawCall('getBalance', ['not-an-address'])).error).toEqual({ code: -32602, message: 'Invalid param: Invalid' });
  });

  it('answers batches, and bad JSON with -32700', async () => {
    const batch = await fetch(chain.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'getHealth' },
        { jsonrpc: '2.0', id: 2, method: 'getGenesisHash' },
      ]),
    });
    expect(await batch.json()).toEqual([
      { jsonrpc: '2.0', id: 1, result: 'ok' },
      { jsonrpc: '2.0', id: 2, result: chain.genesisHash },
    ]);
    const broken = await fetch(chain.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":' });
    expect(await broken.json()).toEqual({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } });
  });

  it('answers the CORS preflight of a page on another loopback port', async () => {
    const preflight = await fetch(chain.rpcUrl, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://127.0.0.1:5173',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,solana-client',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/Content-Type, solana-client/);
    const post = await fetch(chain.rpcUrl, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }) });
    expect(post.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('serialises u64 values beyond 2^53 as exact JSON integers', async () => {
    const owner: Address = (await generateKeyPairSigner()).address;
    chain.airdrop(owner, SOL);
    const raw = await fetch(chain.rpcUrl, {
      method: 'POST',
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getAccountInfo', params: [owner, { encoding: 'base64' }] }),
    });
    expect(await raw.text()).toContain('"rentEpoch":18446744073709551615');
  });
});
