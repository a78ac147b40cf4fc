import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaipNetwork, ChainAdapter } from '@latch/kernel';
import { startAnvil, type AnvilFixture } from '@latch/devnet';
import { createEip155Adapter } from '../adapter.js';
import { createDevnet } from '../networks/devnet.js';
import { buildActivityHistory, type ExpectedEntry } from '../test-support/activityHistory.js';
import { expectedSummary, readAllPages, summarise } from '../test-support/activityPages.js';
import { startInterceptingRpcProxy, type InterceptingRpcProxy } from '../test-support/interceptingRpcProxy.js';

let anvil: AnvilFixture;
let proxy: InterceptingRpcProxy;
let network: CaipNetwork;
let subject: string;
let history: ExpectedEntry[];
const ICON = 'data:image/svg+xml;base64,PHN2Zy8+';
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

const adapterWith = (pageSize?: number): ChainAdapter =>
  createEip155Adapter({
    target: new EventTarget(),
    activity: pageSize ? { pageSize } : {},
    tokens: { [network.caipNetworkId]: { address: anvil.contracts.token, image: ICON } },
  });
const newestFirst = () => [...history].reverse().map(expectedSummary);

describe('activity with Otterscan (anvil answers ots_*)', () => {
  it('lists every transaction of the account, newest first, decoded from its point of view', async () => {
    proxy.calls.length = 0;
    const [page, ...rest] = await readAllPages(adapterWith(), network, subject);
    expect(rest).toEqual([]);
    expect(page?.next).toBeUndefined();
    expect(page?.data.map(summarise)).toEqual(newestFirst());
    expect(proxy.methods()).toContain('ots_searchTransactionsBefore');
  });

  it('fills the §3 metadata: ISO time, chain, sender and receiver, the configured icon', async () => {
    const [page] = await readAllPages(adapterWith(), network, subject);
    const ldtIn = page?.data.find((transaction) => transaction.id === history.find((entry) => entry.label === 'LDT in')?.hash);
    // A token transfer's parties are its Transfer log's, not the transaction's `to` (the token contract).
    expect(ldtIn?.metadata).toMatchObject({ chain: 'eip155:31337', sentFrom: anvil.accounts[0]!.address, sentTo: subject });
    expect(new Date(ldtIn!.metadata.minedAt).toISOString()).toBe(ldtIn!.metadata.minedAt);
    expect(Math.abs(Date.parse(ldtIn!.metadata.minedAt) - Date.now())).toBeLessThan(60 * 60_000);
    expect(ldtIn?.transfers[0]?.fungible_info).toEqual({ name: 'Latch Demo Token', symbol: 'LDT', icon: { url: ICON } });
    const minted = page?.data.find((transaction) => transaction.metadata.operationType === 'mint');
    expect(minted?.transfers[0]?.fungible_info?.icon).toBeUndefined(); // another contract: no configured icon
  });

  it('pages with the cursor: every transaction exactly once, in order, whole blocks per page', async () => {
    for (const pageSize of [1, 2, 3]) {
      const pages = await readAllPages(adapterWith(pageSize), network, subject);
      expect(pages.length, `page size ${pageSize}`).toBeGreaterThan(2);
      for (const page of pages.slice(0, -1)) expect(page.data.length, `page size ${pageSize}`).toBeGreaterThanOrEqual(1);
      expect(
        pages.flatMap((page) => page.data.map(summarise)),
        `page size ${pageSize}`,
      ).toEqual(newestFirst());
    }
  });

  it('reads each token contract once (cached across pages)', async () => {
    const adapter = adapterWith();
    const tokenCalls = () =>
      proxy.calls.filter(
        (call) =>
          call.method === 'eth_call' && (call.params as [{ to?: string }])[0]?.to?.toLowerCase() === anvil.contracts.token.toLowerCase(),
      ).length;
    proxy.calls.length = 0;
    await readAllPages(adapter, network, subject);
    const first = tokenCalls();
    expect(first).toBe(3); // name, symbol, decimals
    await readAllPages(adapter, network, subject);
    expect(tokenCalls()).toBe(first);
  });

  it('shows an account with no history as one empty page', async () => {
    const pages = await readAllPages(adapterWith(), network, anvil.accounts[8]!.address);
    expect(pages).toEqual([{ data: [] }]);
  });
});
