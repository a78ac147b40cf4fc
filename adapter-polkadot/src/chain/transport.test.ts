// The transport rules against the local Substrate chain (chopsticks) behind a loopback proxy that fails,
// hangs or counts WebSocket connections: a read retried with back-off on a new socket, the timeout.
import { polkadotAddressFromUri } from '@latch/testkit';
import type { PolkadotChainClient } from '@latch/devnet';
import { type FlakyProxy, type FlakyProxyOptions, startFlakyProxy } from '@latch/devnet/services';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { PolkadotAdapterOptions } from '../adapter.js';
import { createPolkadotLocalnet } from '../networks/localnet.js';
import { mountAdapter, sharedLocalPolkadot, UNIT, unmountAll, uri } from '../test-support/polkadotFixture.js';

let chain: PolkadotChainClient;
let owner: string;
let proxy: FlakyProxy | undefined;
beforeAll(async () => {
  ({ chain } = await sharedLocalPolkadot());
  owner = await polkadotAddressFromUri(uri('TransportOwner'), chain.ss58Format);
  await chain.fund(owner, 7n * UNIT);
});
afterAll(() => chain?.stop());
afterEach(async () => {
  unmountAll();
  await proxy?.close();
  proxy = undefined;
});

async function behind(options: FlakyProxyOptions, rpc?: PolkadotAdapterOptions['rpc']) {
  proxy = await startFlakyProxy(chain.rpcUrl.replace(/^ws/, 'http'), options);
  const proxied = createPolkadotLocalnet({
    rpcUrl: proxy.wsUrl,
    genesisHash: chain.genesisHash,
    decimals: chain.decimals,
    symbol: chain.symbol,
    ss58Format: chain.ss58Format,
  });
  const { getBalance } = mountAdapter([], [proxied], rpc ? { rpc } : {}).adapter.capabilities!.balance!;
  return { read: () => getBalance(owner, proxied), proxy };
}

describe('polkadot RPC transport (@polkadot/api WsProvider with retry, back-off and timeout)', () => {
  it('retries a node that refuses the socket twice (503) with back-off, then reads: three connections', async () => {
    const { read, proxy } = await behind({ failFirst: 2 });
    await expect(read()).resolves.toEqual({ balance: '7', symbol: 'ROC' });
    expect(proxy.upgrades).toEqual(['failed', 'failed', 'forwarded']);
  });

  it('gives up after the retries (3 by default) with a clear error', async () => {
    const { read, proxy } = await behind({ failFirst: 100 });
    await expect(read()).rejects.toMatchObject({
      category: 'RPC_ERROR',
      message: expect.stringContaining('Cannot reach the node at ws://127.0.0.1'),
    });
    expect(proxy.upgrades).toEqual(['failed', 'failed', 'failed', 'failed']);
  });

  it('a node that never answers: the timeout fires with a clear error and is not retried', async () => {
    // The bound runs from before the socket opens: long enough that a loaded machine still reaches the node in it.
    const { read, proxy } = await behind({ hang: true }, { timeoutMs: 2000 });
    await expect(read()).rejects.toMatchObject({ category: 'RPC_ERROR', message: expect.stringMatching(/: no answer in 2 s$/) });
    expect(proxy.upgrades).toEqual(['held']);
  });

  it('retryCount 0 asks once', async () => {
    const { read, proxy } = await behind({ failFirst: 100 }, { retryCount: 0 });
    await expect(read()).rejects.toMatchObject({ category: 'RPC_ERROR' });
    expect(proxy.upgrades).toEqual(['failed']);
  });
});
