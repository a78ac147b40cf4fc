// The transport rules on a real node (anvil) behind a loopback proxy that fails, hangs or counts:
// retry with back-off, the timeout, and JSON-RPC batching.
import type { CaipNetwork } from '@latch/kernel';
import { type AnvilFixture, startAnvil } from '@latch/devnet';
import { type FlakyProxy, startFlakyProxy } from '@latch/devnet/services';
import { countFetches } from '@latch/testkit';
import { formatEther } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEip155Adapter, type Eip155AdapterOptions } from '../adapter.js';
import { createDevnet } from '../networks/devnet.js';
import { createPage } from '../test-support/announcements.js';

let anvil: AnvilFixture;
let proxy: FlakyProxy | undefined;
beforeAll(async () => {
  anvil = await startAnvil();
});
afterAll(() => anvil?.stop());
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

async function behind(options: Parameters<typeof startFlakyProxy>[1], rpc?: Eip155AdapterOptions['rpc']) {
  proxy = await startFlakyProxy(anvil.rpcUrl, options);
  const network: CaipNetwork = createDevnet({ rpcUrl: proxy.url });
  const balance = createEip155Adapter({ target: createPage(), ...(rpc ? { rpc } : {}) }).capabilities?.balance;
  if (!balance) throw new Error('the adapter declares no balance capability');
  return { read: (index: number) => balance.getBalance(anvil.accounts[index]!.address, network), proxy };
}

/** What every untouched anvil account holds. */
const FUNDED = { balance: formatEther(10_000n * 10n ** 18n), symbol: 'ETH' };

describe('eip155 RPC transport (viem http: retryCount, retryDelay, timeout, batch)', () => {
  it('retries a node that fails twice (503) with back-off, then reads: three requests', async () => {
    const { read, proxy } = await behind({ failFirst: 2 });
    await expect(read(5)).resolves.toEqual(FUNDED);
    expect(proxy.requests.map((request) => request.outcome)).toEqual(['failed', 'failed', 'forwarded']);
  });

  it('gives up after the retries (3 by default: four requests) with the node’s status', async () => {
    const { read, proxy } = await behind({ failFirst: 100, failStatus: 502 });
    await expect(read(5)).rejects.toThrow(/HTTP request failed[\s\S]*Status: 502/);
    expect(proxy.requests.length).toBe(4);
  });

  it('a node that never answers: the timeout fires with a clear error (each try waits, then it gives up)', async () => {
    const { read, proxy } = await behind({ hang: true }, { timeoutMs: 100, retryCount: 1 });
    // Counted where the adapter sends them (countFetches says why the proxy's count can lag).
    const sent = await countFetches(proxy.url, () => expect(read(5)).rejects.toThrow('The request took too long to respond.'));
    expect(sent).toBe(2);
    expect(proxy.requests.length).toBeLessThanOrEqual(2);
    expect(proxy.requests.filter((request) => request.outcome !== 'held')).toEqual([]);
  });

  it('reads made together go to the node as one JSON-RPC batch (five balances, one HTTP request)', async () => {
    const { read, proxy } = await behind({});
    const balances = await Promise.all([1, 2, 3, 4, 5].map(read));
    expect(balances).toEqual(Array(5).fill(FUNDED));
    expect(proxy.requests.length).toBe(1);
    const batch = JSON.parse(proxy.requests[0]!.body) as { method: string }[];
    expect(batch.map((call) => call.method)).toEqual(Array(5).fill('eth_getBalance'));
  });

  it('batch: false sends one request per read, for nodes that refuse batches', async () => {
    const { read, proxy } = await behind({}, { batch: false });
    await Promise.all([1, 2, 3].map(read));
    expect(proxy.requests.map((request) => Array.isArray(JSON.parse(request.body)))).toEqual([false, false, false]);
  });
});
