import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ABORTED_MESSAGE, type AccountPageRequest, type CaipNetwork, type ChainAdapter } from '@latch/kernel';
import { startAnvil, type AnvilFixture } from '@latch/devnet';
import { createEip155Adapter } from '../adapter.js';
import { createDevnet } from '../networks/devnet.js';
import { buildActivityHistory, type ExpectedEntry } from '../test-support/activityHistory.js';
import { summarise } from '../test-support/activityPages.js';
import {
  startInterceptingRpcProxy,
  withoutOtterscan,
  type InterceptingRpcProxy,
  type Interceptor,
} from '../test-support/interceptingRpcProxy.js';

let anvil: AnvilFixture;
let proxy: InterceptingRpcProxy;
let network: CaipNetwork;
let subject: string;
let history: ExpectedEntry[];
beforeAll(async () => {
  anvil = await startAnvil();
  ({ subject, history } = await buildActivityHistory(anvil));
  proxy = await startInterceptingRpcProxy(anvil.rpcUrl);
  network = createDevnet({ rpcUrl: proxy.url });
});
afterAll(async () => {
  await proxy?.stop();
  await anvil?.stop();
});

const upstream = async (method: string, params: unknown): Promise<Record<string, unknown>> => {
  const reply = await fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await reply.json()) as { result: Record<string, unknown> }).result;
};
const read = (overrides: Partial<AccountPageRequest> = {}, adapter: ChainAdapter = createEip155Adapter({ target: new EventTarget() })) =>
  adapter.capabilities!.activity!.getTransactions({ address: subject, caipNetworkId: network.caipNetworkId, network, ...overrides });
/** Runs `work` with the proxy answering through `interceptor` (on top of `base`), then forwards again. */
async function intercepting<T>(interceptor: Interceptor, work: () => Promise<T>, base?: Interceptor): Promise<T> {
  proxy.intercept(async (method, params) => (await interceptor(method, params)) ?? base?.(method, params));
  try {
    return await work();
  } finally {
    proxy.intercept(undefined);
  }
}
const hashOf = (label: string) => history.find((entry) => entry.label === label)?.hash;

describe('activity: untrusted node replies, aborts and bad requests', () => {
  it('rejects an unreadable Otterscan reply with an RPC_ERROR', async () => {
    for (const result of [
      'nope',
      { txs: 'x', receipts: [], firstPage: true, lastPage: true },
      { txs: [{}], receipts: [{}], lastPage: true },
    ]) {
      await intercepting(
        (method) => (method === 'ots_searchTransactionsBefore' ? { result } : undefined),
        () =>
          expect(read()).rejects.toMatchObject({
            name: 'LatchError',
            category: 'RPC_ERROR',
            message: 'The node returned an unreadable transaction history',
          }),
      );
    }
  });

  it('leaves out a malformed transaction or receipt and shows the rest', async () => {
    const page = await intercepting(
      async (method, params) => {
        if (method !== 'ots_searchTransactionsBefore') return undefined;
        const reply = await upstream(method, params);
        const txs = reply.txs as Record<string, unknown>[];
        const receipts = reply.receipts as Record<string, unknown>[];
        const at = (list: Record<string, unknown>[], label: string) =>
          list.findIndex((entry) => (entry.hash ?? entry.transactionHash) === hashOf(label));
        txs[at(txs, 'LDT out, reverted')] = { ...txs[at(txs, 'LDT out, reverted')], value: 'lots' };
        receipts[at(receipts, 'native to itself')] = { ...receipts[at(receipts, 'native to itself')], status: '0x5' };
        // A token transfer with a broken receipt is found again through its log, and its receipt asked again.
        receipts[at(receipts, 'LNFT out')] = { ...receipts[at(receipts, 'LNFT out')], logs: 'none' };
        return { result: reply };
      },
      () => read(),
    );
    const ids = page.data.map((transaction) => transaction.id);
    expect(ids).not.toContain(hashOf('LDT out, reverted'));
    expect(ids).not.toContain(hashOf('native to itself'));
    expect(ids).toContain(hashOf('LNFT out'));
    expect(ids).toHaveLength(history.length - 2);
  });

  it('still lists what Otterscan found when the token logs fail', async () => {
    const page = await intercepting(
      (method) => (method === 'eth_getLogs' ? { error: { code: -32005, message: 'query returned more than 10000 results' } } : undefined),
      () => read(),
    );
    // Tokens received (the account never called) need the logs: only what it sent or was paid in ETH is left.
    const expected = [
      'LDT paid, an NFT minted to it',
      'LDT and the new token out in one transaction',
      'approve the new token',
      'approve LDT',
      'LDT out, reverted',
      'LNFT out',
      'native to itself',
      'LDT out',
      'native out',
      'native in',
    ].map(hashOf);
    expect(page.data.map((transaction) => transaction.id)).toEqual(expected);
  });

  it('without Otterscan: rejects unreadable logs, skips malformed ones and transactions the node cannot give', async () => {
    await intercepting(
      (method) => (method === 'eth_getLogs' ? { result: { logs: [] } } : undefined),
      () => expect(read()).rejects.toMatchObject({ category: 'RPC_ERROR', message: 'The node returned unreadable logs' }),
      withoutOtterscan,
    );
    const page = await intercepting(
      async (method, params) => {
        if (method === 'eth_getLogs')
          return { result: [42, { topics: 'x' }, ...((await upstream(method, params)) as unknown as unknown[])] };
        if (method === 'eth_getTransactionByHash' && (params as string[])[0] === hashOf('LNFT in')) return { result: null };
        return undefined;
      },
      () => read({}, createEip155Adapter({ target: new EventTarget() })),
      withoutOtterscan,
    );
    const expected = [
      'LDT paid, an NFT minted to it',
      'LDT and the new token out in one transaction',
      'new token minted to it',
      'LNFT out',
      'LDT out',
      'LDT in',
    ].map(hashOf);
    expect(page.data.map((transaction) => transaction.id)).toEqual(expected);
  });

  it('leaves out a token amount it cannot tell (no decimals), not the transaction', async () => {
    const decimalsSelector = '0x313ce567';
    const page = await intercepting(
      (method, params) =>
        method === 'eth_call' && (params as [{ data?: string }])[0]?.data === decimalsSelector
          ? { error: { code: 3, message: 'execution reverted' } }
          : undefined,
      () => read(),
    );
    const ldtIn = page.data.find((transaction) => transaction.id === hashOf('LDT in'));
    expect(ldtIn && summarise(ldtIn)).toMatchObject({ operationType: 'execute', transfers: [] });
    const nftIn = page.data.find((transaction) => transaction.id === hashOf('LNFT in'));
    expect(nftIn?.transfers).toHaveLength(1);
  });

  it('honours the abort signal, before and during the read', async () => {
    await expect(read({ signal: AbortSignal.abort() })).rejects.toMatchObject({ message: REQUEST_ABORTED_MESSAGE });
    const controller = new AbortController();
    const slow: Interceptor = async (method) => {
      if (method !== 'ots_searchTransactionsBefore') return undefined;
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      return { result: 'late' };
    };
    const started = Date.now();
    await intercepting(slow, async () => {
      const reading = read({ signal: controller.signal });
      setTimeout(() => controller.abort(), 100);
      await expect(reading).rejects.toMatchObject({ name: 'LatchError', message: REQUEST_ABORTED_MESSAGE });
    });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('rejects a malformed cursor or address, and an unreachable node, with clear errors', async () => {
    for (const cursor of ['abc', '0', '-5', '1e3', '99999999999999999999999']) {
      await expect(read({ cursor })).rejects.toMatchObject({ category: 'VALIDATION_ERROR', message: 'Invalid activity cursor' });
    }
    await expect(read({ address: '0x1234' })).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    const closed = await startInterceptingRpcProxy(anvil.rpcUrl);
    await closed.stop();
    const offline = createDevnet({ rpcUrl: closed.url });
    await expect(read({ network: offline, caipNetworkId: offline.caipNetworkId })).rejects.toMatchObject({
      name: 'LatchError',
      category: 'RPC_ERROR',
    });
  });
});
