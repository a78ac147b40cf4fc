import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CaipNetwork, ChainAdapter } from '@latch/kernel';
import { startAnvil, type AnvilFixture } from '@latch/devnet';
import { createEip155Adapter } from '../adapter.js';
import type { ActivityOptions } from './options.js';
import { createDevnet } from '../networks/devnet.js';
import { buildActivityHistory, type ExpectedEntry } from '../test-support/activityHistory.js';
import { expectedSummary, readAllPages, summarise } from '../test-support/activityPages.js';
import { startInterceptingRpcProxy, withoutOtterscan, type InterceptingRpcProxy } from '../test-support/interceptingRpcProxy.js';

let anvil: AnvilFixture;
let proxy: InterceptingRpcProxy;
let network: CaipNetwork;
let subject: string;
let history: ExpectedEntry[];
beforeAll(async () => {
  anvil = await startAnvil();
  ({ subject, history } = await buildActivityHistory(anvil));
  // A node without Otterscan: every ots_* method answers -32601, as geth and hosted RPCs do.
  proxy = await startInterceptingRpcProxy(anvil.rpcUrl, withoutOtterscan);
  network = createDevnet({ rpcUrl: proxy.url });
});
afterAll(async () => {
  await proxy?.stop();
  await anvil?.stop();
});

const adapterWith = (activity: ActivityOptions = {}, tokens = false): ChainAdapter =>
  createEip155Adapter({
    target: new EventTarget(),
    activity,
    ...(tokens ? { tokens: { [network.caipNetworkId]: { address: anvil.contracts.token } } } : {}),
  });
const tokenTransfersNewestFirst = () =>
  history
    .filter((entry) => entry.hasTokenLog)
    .reverse()
    .map(expectedSummary);

describe('activity without Otterscan (token Transfer logs)', () => {
  it('lists the token and NFT transfers from eth_getLogs, newest first; native transfers are not visible', async () => {
    proxy.calls.length = 0;
    const pages = await readAllPages(adapterWith(), network, subject);
    expect(pages).toHaveLength(1);
    expect(pages[0]?.data.map(summarise)).toEqual(tokenTransfersNewestFirst());
    expect(proxy.methods()).toContain('ots_getApiLevel');
    expect(proxy.methods()).toContain('eth_getLogs');
    expect(proxy.methods()).not.toContain('ots_searchTransactionsBefore');
  });

  it('asks the node about Otterscan once per network', async () => {
    const adapter = adapterWith();
    proxy.calls.length = 0;
    await readAllPages(adapter, network, subject);
    await readAllPages(adapter, network, subject);
    expect(proxy.methods().filter((method) => method === 'ots_getApiLevel')).toHaveLength(1);
  });

  it('pages by block windows and by page size: every transfer exactly once, in order', async () => {
    for (const activity of [
      { logBlockRange: 2, logWindowsPerPage: 1 },
      { pageSize: 2 },
      { pageSize: 1, logBlockRange: 3, logWindowsPerPage: 2 },
    ]) {
      const pages = await readAllPages(adapterWith(activity), network, subject);
      expect(pages.length, JSON.stringify(activity)).toBeGreaterThan(2);
      expect(
        pages.flatMap((page) => page.data.map(summarise)),
        JSON.stringify(activity),
      ).toEqual(tokenTransfersNewestFirst());
    }
  });

  it('keeps to the configured tokens when asked to', async () => {
    const pages = await readAllPages(adapterWith({ tokenContracts: 'configured' }, true), network, subject);
    const ldt = history
      .filter((entry) => entry.hasTokenLog && entry.label.startsWith('LDT'))
      .reverse()
      .map(expectedSummary);
    expect(pages.flatMap((page) => page.data.map(summarise))).toEqual(ldt);
    const filters = proxy.calls.filter((call) => call.method === 'eth_getLogs').map((call) => (call.params as [{ address?: string[] }])[0]);
    expect(filters.at(-1)?.address).toEqual([anvil.contracts.token.toLowerCase()]);
  });
});
