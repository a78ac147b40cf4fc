// The transport rules against the local Solana RPC behind a loopback proxy that fails, hangs or
// counts: retry with back-off, the timeout, fallback to the next URL.
import { getCapability } from '@latch/kernel';
import { countFetches } from '@latch/testkit';
import { type FlakyProxy, type FlakyProxyOptions, startFlakyProxy } from '@latch/devnet/services';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createSolanaAdapter, type SolanaAdapterOptions } from '../adapter.js';
import { createSolanaLocalnet } from '../networks/localnet.js';
import { createNetworkRpc } from './client.js';
import { addressOf, type LocalSolana, seed, startLocalSolana } from '../test-support/solanaFixture.js';

let local: LocalSolana;
let owner: string;
const proxies: FlakyProxy[] = [];
beforeAll(async () => {
  local = await startLocalSolana();
  owner = await addressOf(seed(0x61));
  local.rpc.airdrop(owner, 2_500_000_000n);
});
afterAll(() => local?.stop());
afterEach(async () => {
  await Promise.all(proxies.splice(0).map((proxy) => proxy.close()));
});

async function proxyOf(options: FlakyProxyOptions) {
  const proxy = await startFlakyProxy(local.network.rpcUrls.default.http[0]!, options);
  proxies.push(proxy);
  return proxy;
}

function reader(urls: string[], rpc?: SolanaAdapterOptions['rpc']) {
  const network = { ...createSolanaLocalnet({ rpcUrl: urls[0]! }), rpcUrls: { default: { http: urls } } };
  const balance = getCapability(createSolanaAdapter(rpc ? { rpc } : {}), 'balance')!;
  return () => balance.getBalance(owner, network);
}

describe('solana RPC transport (@solana/kit transport with retry, back-off and timeout)', () => {
  it('retries a node that fails twice (503) with back-off, then reads: three requests', async () => {
    const proxy = await proxyOf({ failFirst: 2 });
    await expect(reader([proxy.url])()).resolves.toEqual({ balance: '2.5', symbol: 'SOL' });
    expect(proxy.requests.map((request) => request.outcome)).toEqual(['failed', 'failed', 'forwarded']);
  });

  it('gives up on a node after the retries (3 by default) and asks the next URL', async () => {
    const broken = await proxyOf({ failFirst: 100, failStatus: 502 });
    const healthy = await proxyOf({});
    await expect(reader([broken.url, healthy.url])()).resolves.toEqual({ balance: '2.5', symbol: 'SOL' });
    expect([broken.requests.length, healthy.requests.length]).toEqual([4, 1]);
  });

  it('does not retry a refusal that is an answer (HTTP 400)', async () => {
    const proxy = await proxyOf({ failFirst: 100, failStatus: 400 });
    await expect(reader([proxy.url])()).rejects.toMatchObject({ category: 'RPC_ERROR' });
    expect(proxy.requests.length).toBe(1);
  });

  it('a node that never answers: the timeout fires with a clear error, and the request is not sent again', async () => {
    const proxy = await proxyOf({ hang: true });
    // Counted where the adapter sends them (countFetches says why the proxy's count can lag).
    const sent = await countFetches(proxy.url, () =>
      expect(reader([proxy.url], { timeoutMs: 100 })()).rejects.toMatchObject({
        category: 'RPC_ERROR',
        message: expect.stringMatching(/did not answer getBalance within 0\.1 s/),
      }),
    );
    expect(sent).toBe(1);
    expect(proxy.requests.length).toBeLessThanOrEqual(1);
  });

  it('sends a transaction once: a node that fails it is not asked again', async () => {
    const proxy = await proxyOf({ failFirst: 100 });
    const rpc = createNetworkRpc(createSolanaLocalnet({ rpcUrl: proxy.url }));
    const wire = Buffer.from([0]).toString('base64') as Parameters<typeof rpc.sendTransaction>[0];
    await expect(rpc.sendTransaction(wire, { encoding: 'base64' }).send()).rejects.toThrow();
    expect(proxy.requests.map((request) => [JSON.parse(request.body).method, request.outcome])).toEqual([['sendTransaction', 'failed']]);
  });
});
