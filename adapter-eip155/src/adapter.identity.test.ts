import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createPublicClient, http } from 'viem';
import type { CaipNetwork } from '@latch/kernel';
import { createEip155Adapter } from './adapter.js';
import { ENS_UNIVERSAL_RESOLVERS } from './constants.js';
import { mainnet, sepolia } from './networks/index.js';
import { createPage } from './test-support/announcements.js';
import { fakeUniversalResolverCode } from './test-support/ensResolver.js';
import { startRpcProxy } from './test-support/rpcProxy.js';
import { startChains, type Chains } from './test-support/walletFixture.js';

const AVATAR = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=';

let chains: Chains;
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
/** Ethereum's definition, its RPC pointed at anvil (through a recording proxy) with a stand-in ENS resolver. */
let localMainnet: CaipNetwork;
beforeAll(async () => {
  chains = await startChains();
  proxy = await startRpcProxy(chains.main.rpcUrl);
  const anvil = createPublicClient({ transport: http(chains.main.rpcUrl) });
  await anvil.request({
    method: 'anvil_setCode' as never,
    params: [ENS_UNIVERSAL_RESOLVERS[1], fakeUniversalResolverCode({ name: 'latch.eth', avatar: AVATAR })] as never,
  });
  localMainnet = { ...mainnet, rpcUrls: { default: { http: [proxy.url] } } };
});
afterAll(async () => {
  await proxy?.stop();
  await chains?.stop();
});
afterEach(() => proxy.reset());

const identityOf = (adapter: ReturnType<typeof createEip155Adapter>, address: string, network: CaipNetwork) =>
  adapter.capabilities?.identity?.getIdentity(address, network);

describe('getIdentity (ENS)', () => {
  it('reads the primary name and avatar through the Universal Resolver, then caches them for 5 minutes', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const adapter = createEip155Adapter({ target: createPage() });
      const address = chains.main.accounts[0]?.address as string;
      await expect(identityOf(adapter, address, localMainnet)).resolves.toEqual({ name: 'latch.eth', avatar: AVATAR });
      expect(proxy.methods).toEqual(['eth_call', 'eth_call']); // reverse, then the avatar text record
      vi.advanceTimersByTime(299_999);
      await expect(identityOf(adapter, address, localMainnet)).resolves.toEqual({ name: 'latch.eth', avatar: AVATAR });
      expect(proxy.methods).toHaveLength(2);
      vi.advanceTimersByTime(2);
      await expect(identityOf(adapter, address, localMainnet)).resolves.toEqual({ name: 'latch.eth', avatar: AVATAR });
      expect(proxy.methods).toHaveLength(4);
    } finally {
      vi.useRealTimers();
    }
  });

  it('makes no request on a testnet (§5)', async () => {
    const adapter = createEip155Adapter({ target: createPage() });
    const testnet = { ...sepolia, rpcUrls: { default: { http: [proxy.url] } } };
    await expect(identityOf(adapter, chains.main.accounts[0]?.address as string, testnet)).resolves.toEqual({});
    expect(proxy.methods).toEqual([]);
  });

  it('makes no request on a network without ENS', async () => {
    const adapter = createEip155Adapter({ target: createPage() });
    await expect(identityOf(adapter, chains.main.accounts[0]?.address as string, chains.mainNetwork)).resolves.toEqual({});
    expect(proxy.methods).toEqual([]);
  });

  it('answers {} when the lookup fails', async () => {
    const adapter = createEip155Adapter({ target: createPage() });
    const offline = { ...mainnet, rpcUrls: { default: { http: ['http://127.0.0.1:9'] } } };
    await expect(identityOf(adapter, chains.main.accounts[0]?.address as string, offline)).resolves.toEqual({});
  });
});
