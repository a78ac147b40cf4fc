import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { address, createSolanaRpc } from '@solana/kit';
import { getCapability, truncateAddress } from '@latch/kernel';
import type { CaipNetwork, Transaction, TransferRequest } from '@latch/kernel';
import type { SolanaTokenConfig } from './tokens.js';
import { signerOf, solTransfer, submit, tokenTransfer, type ChainRpc } from './test-support/chainActions.js';
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

const ISO_8601 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const SOL = { name: 'Solana', symbol: 'SOL' };

/** The adapter with the wallet of `seedHex` connected (10 SOL from the faucet), and its activity reader. */
async function connectedAdapter(seedHex: string, tokens?: SolanaTokenConfig) {
  const mounted = mountAdapter(await createWallet(local, { seedHex }), [local.network], tokens ? { tokens } : {});
  const { address: owner } = await mounted.adapter.connect(mounted.connector, { network: local.network });
  const send = getCapability(mounted.adapter, 'send');
  const activity = getCapability(mounted.adapter, 'activity');
  const transfer = (overrides: Partial<TransferRequest>): Promise<string> =>
    send?.sendTransfer({
      from: owner,
      to: owner,
      amount: 1n,
      network: local.network,
      connector: mounted.connector,
      ...overrides,
    }) as Promise<string>;
  const page = (options: { cursor?: string; network?: CaipNetwork; signal?: AbortSignal } = {}) => {
    const network = options.network ?? local.network;
    return activity?.getTransactions({ address: owner, caipNetworkId: network.caipNetworkId, network, ...options }) as Promise<{
      data: Transaction[];
      next?: string;
    }>;
  };
  return { owner, transfer, page };
}

async function fundedSigner(seedHex: string, lamports = 5n * LAMPORTS_PER_SOL) {
  const signer = await signerOf(seedHex);
  local.rpc.airdrop(signer.address, lamports);
  return signer;
}

const signaturesOf = async (owner: string) =>
  (await chain.getSignaturesForAddress(address(owner), { limit: 1000 }).send()).map((item) => item.signature as string);

describe('activity.getTransactions', () => {
  it('decodes SOL and SPL sends and receives, a failed send and a send to oneself, newest first', async () => {
    const lusd = await local.rpc.createMint({ decimals: 6 });
    const icon = 'https://tokens.example/lusd.png';
    const tokens = { [local.network.caipNetworkId]: { mint: lusd, name: 'Latch USD', symbol: 'LUSD', image: icon } };
    const { owner, transfer, page } = await connectedAdapter(seed(0x71), tokens);
    const friend = await fundedSigner(seed(0x72));
    const plain = await local.rpc.createMint({ decimals: 0 });
    await local.rpc.mintTo({ mint: lusd, owner, amount: 10_000_000n });
    await local.rpc.mintTo({ mint: plain, owner: friend.address, amount: 5n });

    const sentSol = await transfer({ to: friend.address, amount: 1_250_000_000n });
    const gotSol = await submit(chain, friend, [solTransfer(friend, owner, 500_000_000n)]);
    const sentLusd = await transfer({ to: friend.address, amount: 2_500_000n, token: lusd });
    const gotPlain = await submit(chain, friend, await tokenTransfer(friend, owner, plain, 3n, 0));
    const self = await signerOf(seed(0x71)); // the wallet's own key: the wallet's preflight would refuse this one
    const failed = await submit(chain, self, [solTransfer(self, friend.address, 100n * LAMPORTS_PER_SOL)], true);
    const toSelf = await transfer({ to: owner, amount: 100_000_000n });

    const { data, next } = await page();
    expect(next).toBeUndefined();
    const [airdrop] = (await signaturesOf(owner)).slice(-1);
    expect(data.map((t) => t.id)).toEqual([toSelf, failed, gotPlain, sentLusd, gotSol, sentSol, airdrop]);
    for (const t of data) {
      expect(t.metadata.minedAt).toMatch(ISO_8601);
      expect(Math.abs(Date.parse(t.metadata.minedAt) - Date.now())).toBeLessThan(60_000);
      expect(t.metadata.chain).toBe(local.network.caipNetworkId);
    }
    const byId = new Map(data.map((t) => [t.id, t]));
    const meta = (id: string) => {
      const { operationType, status, sentFrom, sentTo } = (byId.get(id) as Transaction).metadata;
      return { operationType, status, sentFrom, sentTo };
    };
    expect(meta(sentSol)).toEqual({ operationType: 'send', status: 'confirmed', sentFrom: owner, sentTo: friend.address });
    // The fee is not part of the amount: the send shows what the friend received.
    expect(byId.get(sentSol)?.transfers).toEqual([{ direction: 'out', fungible_info: SOL, quantity: { numeric: '1.25' } }]);
    expect(meta(gotSol)).toEqual({ operationType: 'receive', status: 'confirmed', sentFrom: friend.address, sentTo: owner });
    expect(byId.get(gotSol)?.transfers).toEqual([{ direction: 'in', fungible_info: SOL, quantity: { numeric: '0.5' } }]);
    expect(meta(sentLusd)).toEqual({ operationType: 'send', status: 'confirmed', sentFrom: owner, sentTo: friend.address });
    expect(byId.get(sentLusd)?.transfers).toEqual([
      { direction: 'out', fungible_info: { name: 'Latch USD', symbol: 'LUSD', icon: { url: icon } }, quantity: { numeric: '2.5' } },
      { direction: 'out', fungible_info: SOL, quantity: { numeric: '0.00203928' } }, // rent of the friend's new token account
    ]);
    const short = truncateAddress(plain, 4, 4);
    expect(meta(gotPlain)).toEqual({ operationType: 'receive', status: 'confirmed', sentFrom: friend.address, sentTo: owner });
    expect(byId.get(gotPlain)?.transfers).toEqual([
      { direction: 'in', fungible_info: { name: short, symbol: short }, quantity: { numeric: '3' } },
    ]);
    expect(meta(failed)).toEqual({ operationType: 'send', status: 'failed', sentFrom: owner, sentTo: friend.address });
    expect(byId.get(failed)?.transfers).toEqual([{ direction: 'out', fungible_info: SOL, quantity: { numeric: '100' } }]);
    expect(meta(toSelf)).toEqual({ operationType: 'send', status: 'confirmed', sentFrom: owner, sentTo: owner });
    expect(byId.get(toSelf)?.transfers).toEqual([{ direction: 'self', fungible_info: SOL, quantity: { numeric: '0.1' } }]);
    expect(meta(airdrop as string)).toMatchObject({ operationType: 'receive', sentTo: owner });
    expect(byId.get(airdrop as string)?.transfers).toEqual([{ direction: 'in', fungible_info: SOL, quantity: { numeric: '10' } }]);

    // The friend sees the same transactions from the other side.
    unmountAll(); // one mock wallet registered at a time: they share a name
    const friendView = await connectedAdapter(seed(0x72));
    expect(friendView.owner).toBe(friend.address);
    const friendPage = await friendView.page();
    const seen = new Map(friendPage.data.map((t) => [t.id, t]));
    expect(seen.get(sentLusd)?.transfers).toEqual([
      {
        direction: 'in',
        fungible_info: { name: truncateAddress(lusd, 4, 4), symbol: truncateAddress(lusd, 4, 4) },
        quantity: { numeric: '2.5' },
      },
    ]);
    expect(seen.get(gotSol)?.metadata).toMatchObject({ operationType: 'send', sentFrom: friend.address, sentTo: owner });
  });

  it('pages 20 at a time with an opaque cursor, covering the history exactly once', async () => {
    const { owner, page } = await connectedAdapter(seed(0x73));
    const payer = await fundedSigner(seed(0x74), 10n * LAMPORTS_PER_SOL);
    for (let index = 0; index < 44; index++) await submit(chain, payer, [solTransfer(payer, owner, 1_000n + BigInt(index))]);
    const pages: { data: Transaction[]; next?: string }[] = [];
    let cursor: string | undefined;
    do {
      const current = await page(cursor ? { cursor } : {});
      pages.push(current);
      cursor = current.next;
    } while (cursor);
    expect(pages.map((p) => p.data.length)).toEqual([20, 20, 5]);
    expect(pages.flatMap((p) => p.data.map((t) => t.id))).toEqual(await signaturesOf(owner));
    expect(pages[0]?.data[0]?.transfers[0]?.quantity.numeric).toBe('0.000001043');
  });

  it('ends with no cursor when the history is exactly one page', async () => {
    const { owner, page } = await connectedAdapter(seed(0x75));
    const payer = await fundedSigner(seed(0x76));
    for (let index = 0; index < 19; index++) await submit(chain, payer, [solTransfer(payer, owner, 1_000n)]);
    const first = await page();
    expect(first.data).toHaveLength(20);
    expect(first.next).toBeUndefined();
  });

  it('skips signatures and transactions the node cannot describe, and fails clearly on an unusable reply', async () => {
    const { owner, transfer, page } = await connectedAdapter(seed(0x77));
    const friend = await addressOf(seed(0x78));
    for (const amount of [1n, 2n, 3n]) await transfer({ to: friend, amount: amount * LAMPORTS_PER_SOL });
    const honest = await page({ network: proxied });
    expect(honest.data).toHaveLength(4);
    const [newest, second, third] = honest.data.map((t) => t.id) as [string, string, string];

    proxy.tamper('getSignaturesForAddress', (reply) => ({
      ...reply,
      result: [{ signature: 'junk' }, 42, null, ...(reply.result as unknown[])],
    }));
    proxy.tamper('getTransaction', (reply, [signature]) => {
      const result = reply.result as { meta: { preBalances: unknown[] } };
      if (signature === newest) return { ...reply, result: { ...result, meta: null } };
      if (signature === second) return { ...reply, result: { ...result, meta: { ...result.meta, preBalances: [1] } } };
      return signature === third ? { ...reply, result: null } : undefined;
    });
    expect((await page({ network: proxied })).data).toEqual(honest.data.slice(3));

    proxy.tamper('getSignaturesForAddress', (reply) => ({ ...reply, result: { signatures: reply.result } }));
    await expect(page({ network: proxied })).rejects.toMatchObject({
      category: 'RPC_ERROR',
      message: 'The node returned an invalid signature list',
    });
    proxy.reset();
    proxy.tamper('getTransaction', (reply) => ({ jsonrpc: '2.0', id: reply.id, error: { code: -32009, message: 'Slot 4 was skipped' } }));
    await expect(page({ network: proxied })).rejects.toMatchObject({ name: 'LatchError', category: 'RPC_ERROR' });

    await expect(page({ cursor: 'not-a-cursor' })).rejects.toMatchObject({
      category: 'VALIDATION_ERROR',
      message: 'Invalid activity cursor',
    });
    const activity = getCapability(mountAdapter(await createWallet(local, { seedHex: seed(0x79) }), [local.network]).adapter, 'activity');
    await expect(
      activity?.getTransactions({ address: '0x1234', caipNetworkId: local.network.caipNetworkId, network: local.network }),
    ).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    expect(owner).toBeTruthy();
  });

  it('stops with "Request was aborted" when the signal fires mid-page, and sends nothing for a fired one', async () => {
    const { page } = await connectedAdapter(seed(0x7a));
    proxy.delay('getTransaction', 3_000);
    const controller = new AbortController();
    const started = Date.now();
    const pending = page({ network: proxied, signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ name: 'LatchError', message: 'Request was aborted' });
    expect(Date.now() - started).toBeLessThan(2_000);

    proxy.reset();
    await expect(page({ network: proxied, signal: AbortSignal.abort() })).rejects.toMatchObject({ message: 'Request was aborted' });
    expect(proxy.methods).toEqual([]);
  });
});
