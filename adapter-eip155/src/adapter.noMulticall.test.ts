// A fresh devnet has no Multicall3: balances, tokens and NFTs are read with single calls, and the adapter asks once
// per chain whether Multicall3 is there. Expected figures come from the chain's own answers (eth_getBalance, eth_call).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, erc20Abi, formatEther, formatUnits, http, type Address } from 'viem';
import { startAnvil, type AnvilFixture } from '@latch/devnet';
import type { CaipNetwork } from '@latch/kernel';
import { createEip155Adapter } from './adapter.js';
import { MULTICALL3_ADDRESS } from './constants.js';
import { createDevnet } from './networks/devnet.js';
import { createPage } from './test-support/announcements.js';
import { startRpcProxy } from './test-support/rpcProxy.js';

let anvil: AnvilFixture;
let node: ReturnType<typeof createPublicClient>;
let proxy: Awaited<ReturnType<typeof startRpcProxy>>;
let network: CaipNetwork;
beforeAll(async () => {
  anvil = await startAnvil({ multicall3: false });
  node = createPublicClient({ transport: http(anvil.rpcUrl) });
  proxy = await startRpcProxy(anvil.rpcUrl);
  network = createDevnet({ rpcUrl: proxy.url });
});
afterAll(async () => {
  await proxy?.stop();
  await anvil?.stop();
});
afterEach(() => proxy.reset());

const account = (index: number) => anvil.accounts[index]!.address as Address;

describe('a chain without Multicall3', () => {
  it('has no code at the canonical Multicall3 address', async () => {
    expect(await node.getCode({ address: MULTICALL3_ADDRESS })).toBeUndefined();
    expect(anvil.contracts.multicall3).toBeUndefined();
  });

  it('lists the native row and each token by single calls, asking about Multicall3 once for every read', async () => {
    const adapter = createEip155Adapter({ target: createPage(), tokens: { [network.caipNetworkId]: { address: anvil.contracts.token } } });
    for (const index of [0, 1]) {
      const balances = await adapter.capabilities!.balance!.getTokenBalances!(account(index), network);
      const [eth, ldt] = await Promise.all([
        node.getBalance({ address: account(index) }),
        node.readContract({ address: anvil.contracts.token, abi: erc20Abi, functionName: 'balanceOf', args: [account(index)] }),
      ]);
      expect(balances.map((row) => [row.symbol, row.quantity.numeric])).toEqual([
        ['ETH', formatEther(eth)],
        ['LDT', formatUnits(ldt, 18)],
      ]);
    }
    expect(proxy.methods.filter((method) => method === 'eth_getCode')).toEqual(['eth_getCode']);
    expect(proxy.methods).toContain('eth_getBalance');
    const targets = proxy.calls.filter((call) => call.method === 'eth_call').map((call) => (call.params as [{ to: string }])[0].to);
    expect(targets.every((to) => to.toLowerCase() === anvil.contracts.token.toLowerCase())).toBe(true);
  });

  it("lists the account's NFTs without aggregate3", async () => {
    const adapter = createEip155Adapter({ target: createPage(), nfts: { [network.caipNetworkId]: [anvil.contracts.nft] } });
    const page = await adapter.capabilities!.nfts!.getNfts({ address: account(0), caipNetworkId: network.caipNetworkId, network });
    const held = await node.readContract({ address: anvil.contracts.nft, abi: erc20Abi, functionName: 'balanceOf', args: [account(0)] });
    expect(page.data).toHaveLength(Number(held));
    expect(page.data.map((nft) => nft.tokenId)).toEqual(['3', '2', '1']);
    const targets = proxy.calls
      .filter((call) => call.method === 'eth_call')
      .map((call) => (call.params as [{ to: string }])[0].to.toLowerCase());
    expect(targets).not.toContain(MULTICALL3_ADDRESS.toLowerCase());
  });
});
