// The transport rules against the local CometBFT stand-in behind a loopback proxy that fails, hangs
// or counts: retry with back-off, the timeout, and JSON-RPC batching.
import { cosmosAddressOfPubkey, countFetches, walletKeyFrom } from '@latch/testkit';
import { type FlakyProxy, type FlakyProxyOptions, startFlakyProxy } from '@latch/devnet/services';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CosmosAdapterOptions } from '../adapter.js';
import { createCosmosRpcClient } from './transport.js';
import { createPage, type LocalCosmos, mountAdapter, privateKey, startLocalCosmos, unmountAll } from '../test-support/cosmosFixture.js';

let local: LocalCosmos;
let proxy: FlakyProxy | undefined;
let funded: string[];
beforeAll(async () => {
  local = await startLocalCosmos();
  funded = await Promise.all(
    [0x41, 0x42, 0x43].map(async (seed) => cosmosAddressOfPubkey((await walletKeyFrom(privateKey(seed))).pubkey, 'cosmos')),
  );
  funded.forEach((address, i) => local.chain.fund(address, BigInt(i + 1) * 1_000_000n));
});
afterAll(() => local?.stop());
afterEach(async () => {
  unmountAll();
  await proxy?.close();
  proxy = undefined;
});

async function behind(options: FlakyProxyOptions, rpc?: CosmosAdapterOptions['rpc']) {
  proxy = await startFlakyProxy(local.chain.rpcUrl, options);
  const network = { ...local.network, rpcUrls: { default: { http: [proxy.url] } } };
  const { adapter } = mountAdapter(createPage(), [network], rpc ? { rpc } : {});
  const read = (address: string) => adapter.capabilities!.balance!.getBalance(address, network);
  return { read, proxy };
}

/** The JSON-RPC methods of each HTTP request the proxy saw (a batch lists several). */
const methodsPerRequest = (seen: FlakyProxy) =>
  seen.requests.map((request) => {
    const body = JSON.parse(request.body) as { method: string } | { method: string }[];
    return Array.isArray(body) ? body.map((call) => call.method) : [body.method];
  });

describe('cosmos RPC transport (CosmJS HttpBatchClient with retry and timeout)', () => {
  it('retries a node that fails twice (503) with back-off, then reads', async () => {
    const { read, proxy } = await behind({ failFirst: 2 });
    expect(await read(funded[0]!)).toEqual({ balance: '1', symbol: 'STAKE' });
    // status failed twice, the third try went through, then the balance query.
    expect(proxy.requests.map((request) => request.outcome)).toEqual(['failed', 'failed', 'forwarded', 'forwarded']);
  });

  it('gives up after the retries (3 by default) with the node’s status', async () => {
    const { read, proxy } = await behind({ failFirst: 100, failStatus: 502 });
    await expect(read(funded[0]!)).rejects.toThrow(/failed status: Bad status on response: 502/);
    expect(proxy.requests.length).toBe(4);
  });

  it('a node that never answers: the timeout fires with a clear error, and a timeout is not retried', async () => {
    const { read, proxy } = await behind({ hang: true }, { timeoutMs: 100 });
    // Counted where the adapter sends them (countFetches says why the proxy's count can lag).
    const sent = await countFetches(proxy.url, () => expect(read(funded[0]!)).rejects.toThrow(/did not answer status within 0\.1 s/));
    expect(sent).toBe(1);
    expect(proxy.requests.length).toBeLessThanOrEqual(1);
  });

  it('reads made together go to the node as one JSON-RPC batch (three balances, one HTTP request)', async () => {
    const { read, proxy } = await behind({});
    await read(funded[0]!); // connect first: CosmJS asks `status` once
    const before = proxy.requests.length;
    expect(await Promise.all(funded.map(read))).toEqual(['1', '2', '3'].map((balance) => ({ balance, symbol: 'STAKE' })));
    expect(methodsPerRequest(proxy).slice(before)).toEqual([['abci_query', 'abci_query', 'abci_query']]);
  });

  it('batchWindowMs: 0 sends each read alone', async () => {
    const { read, proxy } = await behind({}, { batchWindowMs: 0 });
    await read(funded[0]!);
    const before = proxy.requests.length;
    await Promise.all(funded.map(read));
    expect(methodsPerRequest(proxy).slice(before)).toEqual([['abci_query'], ['abci_query'], ['abci_query']]);
  });

  it('a broadcast is sent once: a node that fails it is not asked again', async () => {
    proxy = await startFlakyProxy(local.chain.rpcUrl, { failFirst: 100 });
    const rpc = createCosmosRpcClient(proxy.url);
    await expect(rpc.execute({ jsonrpc: '2.0', id: 1, method: 'broadcast_tx_sync', params: { tx: 'AA==' } })).rejects.toThrow(
      /failed broadcast_tx_sync/,
    );
    expect(methodsPerRequest(proxy)).toEqual([['broadcast_tx_sync']]);
  });
});
