import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSolanaRpc } from '@solana/kit';
import { getCapability, truncateAddress } from '@latch/kernel';
import type { CaipNetwork, TransferRequest } from '@latch/kernel';
import { pollUntil } from '@latch/testkit';
import { createSolanaAdapter } from './adapter.js';
import { createNetworkRpc } from './rpc/client.js';
import { EXPIRED_REASON, waitForTransferOutcome } from './rpc/transferStatus.js';
import { signerOf, solTransfer, submit, tokenTransfer, unsentSignature, type ChainRpc } from './test-support/chainActions.js';
import {
  addressOf,
  createWallet,
  mountAdapter,
  seed,
  startLocalSolana,
  unmountAll,
  LAMPORTS_PER_SOL,
  type LocalSolana,
} from './test-support/solanaFixture.js';
import { startTamperingRpc, type TamperingRpc } from './test-support/tamperingRpc.js';

let local: LocalSolana;
let chain: ChainRpc;
let proxy: TamperingRpc;
let proxied: CaipNetwork;
beforeAll(async () => {
  local = await startLocalSolana();
  chain = createSolanaRpc(local.rpc.rpcUrl);
  proxy = await startTamperingRpc(local.rpc.rpcUrl);
  proxied = { ...local.network, rpcUrls: { default: { http: [proxy.url] } } };
});
afterAll(async () => {
  await proxy?.stop();
  await local?.stop();
});
afterEach(() => {
  unmountAll();
  proxy.reset();
});

const SENDER = seed(0x61);
const STRANGER = seed(0x62);

async function connectedAdapter() {
  const mounted = mountAdapter(await createWallet(local, { seedHex: SENDER }), [local.network]);
  const { address: from } = await mounted.adapter.connect(mounted.connector, { network: local.network });
  const send = getCapability(mounted.adapter, 'send');
  const transfer = (overrides: Partial<TransferRequest>): TransferRequest => ({
    from,
    to: from,
    amount: 1n,
    network: local.network,
    connector: mounted.connector,
    ...overrides,
  });
  return { send, from, transfer };
}

/** A key funded on the local chain, signing outside the wallet. */
async function fundedSigner(seedHex: string, lamports = 2n * LAMPORTS_PER_SOL) {
  const signer = await signerOf(seedHex);
  local.rpc.airdrop(signer.address, lamports);
  return signer;
}

describe('waitForTransfer', () => {
  it('resolves confirmed for a SOL transfer the wallet sent', async () => {
    const { send, transfer } = await connectedAdapter();
    const hash = (await send?.sendTransfer(transfer({ to: await addressOf(seed(0x63)), amount: LAMPORTS_PER_SOL }))) as string;
    await expect(send?.waitForTransfer?.({ hash, network: local.network })).resolves.toEqual({ status: 'confirmed' });
  });

  it('resolves confirmed for an SPL token transfer', async () => {
    const { send, transfer, from } = await connectedAdapter();
    const mint = await local.rpc.createMint({ decimals: 6 });
    await local.rpc.mintTo({ mint, owner: from, amount: 5_000_000n });
    const hash = (await send?.sendTransfer(transfer({ to: await addressOf(seed(0x64)), amount: 1_000_000n, token: mint }))) as string;
    await expect(send?.waitForTransfer?.({ hash, network: local.network })).resolves.toEqual({ status: 'confirmed' });
  });

  it('resolves failed with the reason in words for a transfer that landed and failed', async () => {
    const { send } = await connectedAdapter();
    const payer = await fundedSigner(STRANGER);
    const overdraft = await submit(chain, payer, [solTransfer(payer, await addressOf(seed(0x65)), 5n * LAMPORTS_PER_SOL)], true);
    await expect(send?.waitForTransfer?.({ hash: overdraft, network: local.network })).resolves.toEqual({
      status: 'failed',
      reason: 'Not enough SOL for this transfer (instruction 0: custom program error 0x1)',
    });

    const fresh = await addressOf(seed(0x66));
    const dust = await submit(chain, payer, [solTransfer(payer, fresh, 1000n)], true);
    await expect(send?.waitForTransfer?.({ hash: dust, network: local.network })).resolves.toEqual({
      status: 'failed',
      reason: `The transfer would leave account ${truncateAddress(fresh, 4, 4)} below the rent-exempt minimum (0.00089088 SOL for a wallet)`,
    });
  });

  it('names a token overdraft as such', async () => {
    const { send } = await connectedAdapter();
    const payer = await fundedSigner(seed(0x67));
    const mint = await local.rpc.createMint({ decimals: 2 });
    await local.rpc.mintTo({ mint, owner: payer.address, amount: 100n });
    const hash = await submit(chain, payer, await tokenTransfer(payer, await addressOf(seed(0x68)), mint, 101n, 2), true);
    await expect(send?.waitForTransfer?.({ hash, network: local.network })).resolves.toEqual({
      status: 'failed',
      reason: 'Not enough tokens for this transfer (instruction 1: custom program error 0x1)',
    });
  });

  it('resolves failed as expired once the chain is 150 blocks past a transaction that never landed', async () => {
    const rpc = createNetworkRpc(local.network);
    const hash = await unsentSignature(chain, await fundedSigner(seed(0x69)));
    const outcome = waitForTransferOutcome(rpc, hash, { pollIntervalMs: 20, heightCheckIntervalMs: 20 });
    let settled = false;
    void outcome.finally(() => (settled = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    for (let block = 0; block < 151; block++) local.rpc.airdrop(await addressOf(seed(0x6a)), LAMPORTS_PER_SOL);
    await expect(outcome).resolves.toEqual({ status: 'failed', reason: EXPIRED_REASON });
  });

  it('gives up with an RPC_ERROR when nothing happens before the timeout', async () => {
    const hash = await unsentSignature(chain, await fundedSigner(seed(0x6b)));
    const started = Date.now();
    await expect(
      waitForTransferOutcome(createNetworkRpc(local.network), hash, { timeoutMs: 300, pollIntervalMs: 50 }),
    ).rejects.toMatchObject({
      name: 'LatchError',
      category: 'RPC_ERROR',
      message: 'The transaction was not confirmed within 1 s; check it in a block explorer',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('takes its timings from the adapter option, and refuses timings that are not positive', async () => {
    const mounted = mountAdapter(await createWallet(local, { seedHex: SENDER }), [local.network], {
      waitForTransfer: { timeoutMs: 300, pollIntervalMs: 50 },
    });
    const hash = await unsentSignature(chain, await fundedSigner(seed(0x6d)));
    const started = Date.now();
    await expect(getCapability(mounted.adapter, 'send')!.waitForTransfer!({ hash, network: local.network })).rejects.toMatchObject({
      category: 'RPC_ERROR',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(() => createSolanaAdapter({ waitForTransfer: { pollIntervalMs: 0 } })).toThrow(
      'Invalid waitForTransfer.pollIntervalMs: expected a positive number of milliseconds',
    );
  });

  it('stops polling with "Request was aborted" when the signal fires, and at once for a fired one', async () => {
    const { send } = await connectedAdapter();
    const hash = await unsentSignature(chain, await fundedSigner(seed(0x6c)));
    // The status request is held at the proxy: the abort comes while that poll is in flight, once it has arrived, so
    // every request that reaches the proxy afterwards was sent after the abort (the loop asks one thing at a time).
    proxy.delay('getSignatureStatuses', 2_000);
    const controller = new AbortController();
    const waiting = send?.waitForTransfer?.({ hash, network: proxied, signal: controller.signal });
    await pollUntil(() => proxy.methods.includes('getSignatureStatuses'), 'the first status request at the proxy');
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'LatchError', message: 'Request was aborted' });
    const polls = proxy.methods.length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(proxy.methods.length).toBe(polls);

    proxy.reset();
    await expect(send?.waitForTransfer?.({ hash, network: proxied, signal: AbortSignal.abort() })).rejects.toMatchObject({
      message: 'Request was aborted',
    });
    expect(proxy.methods).toEqual([]);
  });

  it('rejects a malformed hash, a malformed status and a node error clearly', async () => {
    const { send, transfer } = await connectedAdapter();
    await expect(send?.waitForTransfer?.({ hash: '0xdeadbeef', network: local.network })).rejects.toMatchObject({
      category: 'VALIDATION_ERROR',
      message: 'Invalid transaction signature',
    });
    const hash = (await send?.sendTransfer(transfer({ to: await addressOf(seed(0x6d)), amount: LAMPORTS_PER_SOL }))) as string;
    proxy.tamper('getSignatureStatuses', (reply) => ({ ...reply, result: { context: { slot: 1 }, value: ['confirmed'] } }));
    await expect(send?.waitForTransfer?.({ hash, network: proxied })).rejects.toMatchObject({
      category: 'RPC_ERROR',
      message: 'The node returned an invalid signature status',
    });
    proxy.tamper('getSignatureStatuses', (reply) => ({ jsonrpc: '2.0', id: reply.id, error: { code: -32005, message: 'Node is behind' } }));
    await expect(send?.waitForTransfer?.({ hash, network: proxied })).rejects.toMatchObject({ name: 'LatchError', category: 'RPC_ERROR' });
  });
});
