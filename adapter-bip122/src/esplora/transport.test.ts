// The transport rules against the regtest node's Esplora API behind a loopback proxy that fails,
// hangs or counts: retry with back-off (and Retry-After), the timeout. Esplora is REST: no batching.
import { getCapability } from '@latch/kernel';
import { bitcoinPaymentAddress, countFetches, REGTEST_PARAMS } from '@latch/testkit';
import { type FlakyProxy, type FlakyProxyOptions, startFlakyProxy } from '@latch/devnet/services';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type BitcoinAdapterOptions, createBitcoinAdapter } from '../adapter.js';
import { createBitcoinRegtest } from '../networks/regtest.js';
import { key, type Regtest, startRegtest, unmountAll } from '../test-support/bitcoinFixture.js';
import { broadcastTransaction } from './queries.js';

let local: Regtest;
let proxy: FlakyProxy | undefined;
let address: string;
beforeAll(async () => {
  local = await startRegtest();
  address = bitcoinPaymentAddress(key(0x51), REGTEST_PARAMS);
  await local.regtest.fund(address, 42_000_000n);
});
afterAll(() => local?.stop());
afterEach(async () => {
  unmountAll();
  await proxy?.close();
  proxy = undefined;
});

async function behind(options: FlakyProxyOptions, rpc?: BitcoinAdapterOptions['rpc']) {
  proxy = await startFlakyProxy(local.network.rpcUrls.default.http[0]!, options);
  const network = createBitcoinRegtest({ esploraUrl: proxy.url });
  const balance = getCapability(createBitcoinAdapter(rpc ? { rpc } : {}), 'balance')!;
  return { read: () => balance.getBalance(address, network), proxy };
}

describe('bip122 Esplora transport (retry, back-off, Retry-After, timeout)', () => {
  it('retries a server that fails twice (503) with back-off, then reads: three requests', async () => {
    const { read, proxy } = await behind({ failFirst: 2 });
    await expect(read()).resolves.toEqual({ balance: '0.42', symbol: 'BTC' });
    expect(proxy.requests.map((request) => request.outcome)).toEqual(['failed', 'failed', 'forwarded']);
  });

  it('retries a 429 that carries Retry-After, after the wait it asks for', async () => {
    const { read, proxy } = await behind({ failFirst: 1, failStatus: 429, retryAfter: '0' });
    await expect(read()).resolves.toEqual({ balance: '0.42', symbol: 'BTC' });
    expect(proxy.requests.map((request) => request.outcome)).toEqual(['failed', 'forwarded']);
  });

  it('gives up after the retries (3 by default) with the server’s status; a 404 is not retried', async () => {
    const { read, proxy } = await behind({ failFirst: 100, failStatus: 502 });
    await expect(read()).rejects.toMatchObject({ category: 'RPC_ERROR', message: expect.stringContaining('answered 502') });
    expect(proxy.requests.length).toBe(4);
    await proxy.close();
    const notFound = await behind({ failFirst: 100, failStatus: 404 });
    await expect(notFound.read()).rejects.toMatchObject({ message: expect.stringContaining('answered 404') });
    expect(notFound.proxy.requests.length).toBe(1);
  });

  it('a server that never answers: the timeout fires with a clear error, and the request is not sent again', async () => {
    const { read, proxy } = await behind({ hang: true }, { timeoutMs: 100 });
    // Counted where the adapter sends them (countFetches says why the proxy's count can lag).
    const sent = await countFetches(proxy.url, () =>
      expect(read()).rejects.toMatchObject({ category: 'RPC_ERROR', message: expect.stringMatching(/failed: no answer in 0\.1 s$/) }),
    );
    expect(sent).toBe(1);
    expect(proxy.requests.length).toBeLessThanOrEqual(1);
  });

  it('a broadcast is sent once: a server that fails it is not asked again', async () => {
    const { proxy } = await behind({ failFirst: 100 });
    const network = createBitcoinRegtest({ esploraUrl: proxy.url });
    await expect(broadcastTransaction(network, '00')).rejects.toMatchObject({
      category: 'RPC_ERROR',
      message: expect.stringContaining('answered 503'),
    });
    expect(proxy.requests.map((request) => `${request.method} ${request.path} ${request.outcome}`)).toEqual(['POST /tx failed']);
  });
});
