// A transaction front-run in its own block: anvil with automine off, two transactions mined together, the front-runner
// first. Replayed on the block's parent state the victim would succeed; its reason is only readable on the state it
// ran on (the node's trace, else the block's earlier transactions replayed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, createWalletClient, encodeFunctionData, erc20Abi, http, parseGwei, type Address, type Hash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { CaipNetwork, ChainAdapter, Connector } from '@latch/kernel';
import { createMockEip1193Provider } from '@latch/testkit';
import { startAnvil, type AnvilFixture } from '@latch/devnet';
import { createDevnet } from './networks/devnet.js';
import { startInterceptingRpcProxy, type InterceptingRpcProxy } from './test-support/interceptingRpcProxy.js';
import { mountAdapter } from './test-support/walletFixture.js';

const FRONT_RUNNER = 2;
const VICTIM = 4;
const METHOD_NOT_FOUND = { error: { code: -32601, message: 'Method not found' } };

let anvil: AnvilFixture;
let node: ReturnType<typeof createPublicClient>;
let proxy: InterceptingRpcProxy;
let network: CaipNetwork;
let adapter: ChainAdapter;
let unmount: () => void;
let victimHash: Hash;
let frontHash: Hash;

const rpc = (method: string, params: unknown[] = []) => node.request({ method, params } as never);
const walletOf = (index: number) =>
  createWalletClient({ account: privateKeyToAccount(anvil.accounts[index]!.privateKey), transport: http(anvil.rpcUrl) });
const address = (index: number) => anvil.accounts[index]!.address as Address;

beforeAll(async () => {
  anvil = await startAnvil();
  node = createPublicClient({ transport: http(anvil.rpcUrl) });
  proxy = await startInterceptingRpcProxy(anvil.rpcUrl);
  network = createDevnet({ rpcUrl: proxy.url });
  const wallet = createMockEip1193Provider({
    privateKey: anvil.accounts[0]!.privateKey,
    chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
    chainId: anvil.chainId,
  });
  let connector: Connector;
  ({ adapter, connector, unmount } = mountAdapter(wallet, [network], { waitForTransfer: { pollIntervalMs: 20 } }));
  await adapter.connect(connector, { network });

  // The victim may move the front-runner's LDT; in the next block the front-runner moves all of it away first.
  const token = anvil.contracts.token;
  const held = await node.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [address(FRONT_RUNNER)] });
  const approval = await walletOf(FRONT_RUNNER).writeContract({
    address: token,
    abi: erc20Abi,
    functionName: 'approve',
    args: [address(VICTIM), held],
    chain: null,
  });
  await node.waitForTransactionReceipt({ hash: approval });
  await rpc('evm_setAutomine', [false]);
  try {
    frontHash = await walletOf(FRONT_RUNNER).sendTransaction({
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [address(5), held] }),
      gas: 100_000n,
      maxFeePerGas: parseGwei('50'),
      maxPriorityFeePerGas: parseGwei('20'),
      chain: null,
    });
    victimHash = await walletOf(VICTIM).sendTransaction({
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [address(FRONT_RUNNER), address(VICTIM), held] }),
      gas: 100_000n,
      maxFeePerGas: parseGwei('50'),
      maxPriorityFeePerGas: parseGwei('1'),
      chain: null,
    });
    await rpc('evm_mine');
  } finally {
    await rpc('evm_setAutomine', [true]);
  }
});
afterAll(async () => {
  unmount?.();
  await proxy?.stop();
  await anvil?.stop();
});

const wait = (hash: string) => adapter.capabilities!.send!.waitForTransfer!({ hash, network });
const INSUFFICIENT = 'The transaction was reverted by the contract: the sender does not hold enough of this token';

describe('the revert reason of a transaction front-run in the same block', () => {
  it('is a real same-block front-run: one block, the front-runner first, and the victim would pass on the parent state', async () => {
    const [front, victim] = await Promise.all([
      node.getTransactionReceipt({ hash: frontHash }),
      node.getTransactionReceipt({ hash: victimHash }),
    ]);
    expect(front.status).toBe('success');
    expect(victim.status).toBe('reverted');
    expect(victim.blockNumber).toBe(front.blockNumber);
    expect([front.transactionIndex, victim.transactionIndex]).toEqual([0, 1]);
    const mined = await node.getTransaction({ hash: victimHash });
    // What a replay at blockNumber - 1 sees: the call succeeds, so it could tell no reason.
    await expect(
      node.call({ account: mined.from, to: mined.to as Address, data: mined.input, blockNumber: victim.blockNumber - 1n }),
    ).resolves.toMatchObject({ data: expect.stringMatching(/^0x0{63}1$/) });
  });

  it("is read from the node's trace (debug_traceTransaction)", async () => {
    proxy.calls.length = 0;
    await expect(wait(victimHash)).resolves.toEqual({ status: 'failed', reason: INSUFFICIENT });
    expect(proxy.methods()).toContain('debug_traceTransaction');
    expect(proxy.methods()).not.toContain('eth_simulateV1');
  });

  it('without traces, from the block replayed up to it (eth_simulateV1 with the earlier transactions)', async () => {
    proxy.intercept((method) => (method === 'debug_traceTransaction' ? METHOD_NOT_FOUND : undefined));
    proxy.calls.length = 0;
    try {
      await expect(wait(victimHash)).resolves.toEqual({ status: 'failed', reason: INSUFFICIENT });
      expect(proxy.methods()).toContain('eth_simulateV1');
    } finally {
      proxy.intercept(undefined);
    }
  });

  it('with neither, says only that it reverted: a replay on the wrong state is never passed off as the reason', async () => {
    proxy.intercept((method) => (method === 'debug_traceTransaction' || method === 'eth_simulateV1' ? METHOD_NOT_FOUND : undefined));
    proxy.calls.length = 0;
    try {
      await expect(wait(victimHash)).resolves.toEqual({ status: 'failed', reason: 'The transaction was reverted by the contract.' });
      expect(proxy.methods()).not.toContain('eth_call');
    } finally {
      proxy.intercept(undefined);
    }
  });
});
