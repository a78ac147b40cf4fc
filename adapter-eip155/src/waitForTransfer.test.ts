import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, type Address, type Hash } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { REQUEST_ABORTED_MESSAGE, type CaipNetwork, type ChainAdapter, type Connector, type TransferRequest } from '@latch/kernel';
import { createMockEip1193Provider } from '@latch/testkit';
import { startAnvil, type AnvilFixture } from '@latch/devnet';
import { createDevnet } from './networks/devnet.js';
import { startInterceptingRpcProxy, type InterceptingRpcProxy } from './test-support/interceptingRpcProxy.js';
import { mountAdapter } from './test-support/walletFixture.js';

let anvil: AnvilFixture;
let proxy: InterceptingRpcProxy;
let network: CaipNetwork;
let adapter: ChainAdapter;
let connector: Connector;
let unmount: () => void;
beforeAll(async () => {
  anvil = await startAnvil();
  proxy = await startInterceptingRpcProxy(anvil.rpcUrl);
  // The adapter reads through the proxy (to feed it broken replies); the wallet sends straight to anvil.
  network = createDevnet({ rpcUrl: proxy.url });
  const wallet = createMockEip1193Provider({
    privateKey: anvil.accounts[0]!.privateKey,
    chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
    chainId: anvil.chainId,
  });
  const mounted = mountAdapter(wallet, [network], {
    waitForTransfer: { pollIntervalMs: 20 },
    tokens: { [network.caipNetworkId]: { address: anvil.contracts.token } },
  });
  ({ adapter, connector, unmount } = mounted);
  await adapter.connect(connector, { network });
});
afterAll(async () => {
  unmount?.();
  await proxy?.stop();
  await anvil?.stop();
});

const wait = (hash: string, signal?: AbortSignal) =>
  adapter.capabilities!.send!.waitForTransfer!({ hash, network, ...(signal ? { signal } : {}) });
const transfer = (overrides: Partial<TransferRequest>): TransferRequest => ({
  from: anvil.accounts[0]!.address,
  to: anvil.accounts[5]!.address,
  amount: 0n,
  network,
  connector,
  ...overrides,
});
const rpc = (method: string, params: unknown[] = []) =>
  fetch(anvil.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  }).then((r) => r.json());

/** Sends a raw transaction from a dev account with a fixed gas limit: no estimate, so a doomed call still goes out. */
async function sendFixedGas(accountIndex: number, call: { to: Address; data?: `0x${string}`; gas: bigint }): Promise<Hash> {
  const wallet = createWalletClient({
    account: privateKeyToAccount(anvil.accounts[accountIndex]!.privateKey),
    transport: http(anvil.rpcUrl),
  });
  return wallet.sendTransaction({ ...call, chain: null });
}
const overdraw = (to: Address) => encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, parseEther('5')] });

describe('send.waitForTransfer', () => {
  it('after a transaction the adapter did not build (a swap, a contract call), token balances are read again, not from the 30 s cache', async () => {
    const owner = anvil.accounts[0]!.address;
    const ldt = async () =>
      (await adapter.capabilities!.balance!.getTokenBalances!(owner, network)).find((row) => row.symbol === 'LDT')?.quantity.numeric;
    const before = await ldt();
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [anvil.accounts[6]!.address, parseEther('1')] });
    const hash = await sendFixedGas(0, { to: anvil.contracts.token, data, gas: 100_000n });
    await expect(wait(hash)).resolves.toEqual({ status: 'confirmed' });
    expect(Number(await ldt())).toBe(Number(before) - 1);
  });

  it('confirms a native transfer sent through the wallet', async () => {
    const hash = await adapter.capabilities!.send!.sendTransfer(transfer({ amount: parseEther('0.5') }));
    await expect(wait(hash)).resolves.toEqual({ status: 'confirmed' });
  });

  it('confirms an ERC-20 transfer', async () => {
    const hash = await adapter.capabilities!.send!.sendTransfer(transfer({ amount: parseEther('3'), token: anvil.contracts.token }));
    await expect(wait(hash)).resolves.toEqual({ status: 'confirmed' });
  });

  it('waits for the block: polls until the transaction is mined', async () => {
    await rpc('evm_setAutomine', [false]);
    try {
      const hash = await adapter.capabilities!.send!.sendTransfer(transfer({ amount: 1n }));
      let settled = false;
      const outcome = wait(hash).finally(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(settled).toBe(false);
      await rpc('evm_mine');
      await expect(outcome).resolves.toEqual({ status: 'confirmed' });
    } finally {
      await rpc('evm_setAutomine', [true]);
    }
  });

  it("fails a reverted ERC-20 transfer with the contract's reason in plain words", async () => {
    // Account 9 holds no LDT: the transfer reverts with ERC20InsufficientBalance.
    const hash = await sendFixedGas(9, { to: anvil.contracts.token, data: overdraw(anvil.accounts[1]!.address), gas: 100_000n });
    await expect(wait(hash)).resolves.toEqual({
      status: 'failed',
      reason: 'The transaction was reverted by the contract: the sender does not hold enough of this token',
    });
  });

  it('says a transaction ran out of gas when its gas limit was too low', async () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [anvil.accounts[1]!.address, 1n] });
    const hash = await sendFixedGas(0, { to: anvil.contracts.token, data, gas: 25_000n });
    await expect(wait(hash)).resolves.toEqual({ status: 'failed', reason: 'The transaction ran out of gas: its gas limit was too low.' });
  });

  it('stops at once when aborted, before or while waiting', async () => {
    const unknown = `0x${'ab'.repeat(32)}`;
    await expect(wait(unknown, AbortSignal.abort())).rejects.toMatchObject({ name: 'LatchError', message: REQUEST_ABORTED_MESSAGE });
    const controller = new AbortController();
    const waiting = wait(unknown, controller.signal);
    setTimeout(() => controller.abort(), 100);
    const started = Date.now();
    await expect(waiting).rejects.toMatchObject({ name: 'LatchError', message: REQUEST_ABORTED_MESSAGE });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('gives up after its timeout with a clear RPC_ERROR', async () => {
    const { adapter: impatient, unmount: done } = mountAdapter(
      createMockEip1193Provider({
        privateKey: anvil.accounts[0]!.privateKey,
        chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
        chainId: anvil.chainId,
      }),
      [network],
      {
        waitForTransfer: { timeoutMs: 150, pollIntervalMs: 20 },
      },
    );
    const hash = `0x${'cd'.repeat(32)}`;
    await expect(impatient.capabilities!.send!.waitForTransfer!({ hash, network })).rejects.toMatchObject({
      name: 'LatchError',
      category: 'RPC_ERROR',
      message: `Transaction ${hash} was not confirmed within 0 s; it may still be pending`,
    });
    done();
  });

  it('rejects a malformed hash before asking the node, and a malformed receipt with an RPC_ERROR', async () => {
    await expect(wait('0x1234')).rejects.toMatchObject({ category: 'VALIDATION_ERROR' });
    const hash = await adapter.capabilities!.send!.sendTransfer(transfer({ amount: 1n }));
    proxy.intercept((method) =>
      method === 'eth_getTransactionReceipt' ? { result: { transactionHash: hash, status: '0x7' } } : undefined,
    );
    try {
      await expect(wait(hash)).rejects.toMatchObject({
        category: 'RPC_ERROR',
        message: `The node returned an unreadable receipt for ${hash}`,
      });
      proxy.intercept((method) =>
        method === 'eth_getTransactionReceipt' ? { error: { code: -32000, message: 'header not found' } } : undefined,
      );
      await expect(wait(hash)).rejects.toMatchObject({ name: 'LatchError', category: 'RPC_ERROR' });
    } finally {
      proxy.intercept(undefined);
    }
    await expect(wait(hash)).resolves.toEqual({ status: 'confirmed' });
  });
});

describe('token balances after a send', () => {
  it('are read afresh once the transfer lands, for sender and receiver, despite the 30 s token cache', async () => {
    const wallet = createMockEip1193Provider({
      privateKey: anvil.accounts[0]!.privateKey,
      chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
      chainId: anvil.chainId,
    });
    const withTokens = mountAdapter(wallet, [network], {
      tokens: { [network.caipNetworkId]: { address: anvil.contracts.token } },
      waitForTransfer: { pollIntervalMs: 20 },
    });
    try {
      await withTokens.adapter.connect(withTokens.connector, { network });
      const balances = withTokens.adapter.capabilities!.balance!;
      const ldt = async (address: string) =>
        (await balances.getTokenBalances!(address, network)).find((b) => b.symbol === 'LDT')?.quantity.numeric;
      const from = anvil.accounts[0]!.address;
      const to = anvil.accounts[7]!.address;
      const [fromBefore, toBefore] = [Number(await ldt(from)), Number(await ldt(to))];
      const send = withTokens.adapter.capabilities!.send!;
      const hash = await send.sendTransfer({
        from,
        to,
        amount: parseEther('2'),
        token: anvil.contracts.token,
        network,
        connector: withTokens.connector,
      });
      await expect(send.waitForTransfer!({ hash, network })).resolves.toEqual({ status: 'confirmed' });
      expect(Number(await ldt(from))).toBe(fromBefore - 2);
      expect(Number(await ldt(to))).toBe(toBefore + 2);
    } finally {
      withTokens.unmount();
    }
  });
});
