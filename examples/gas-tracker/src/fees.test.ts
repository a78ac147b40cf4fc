import { isLatchError } from '@latch/kernel';
import { type BareAnvilFixture, startAnvil } from '@latch/devnet';
import { createTestClient, createWalletClient, http, parseGwei, type PublicClient } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFeeClient, feeRpcUrl, type GasFees, GasTrackerError, readGasFees, watchGasFees } from './fees.js';

let anvil: BareAnvilFixture;
let client: PublicClient;

beforeAll(async () => {
  anvil = await startAnvil({ deploy: false });
  client = createFeeClient(anvil.rpcUrl, { pollingInterval: 100 });
});
afterAll(() => anvil?.stop());

/** The chain's own numbers, read with viem: the latest block's base fee and number. */
async function latestBlock() {
  const block = await client.getBlock({ blockTag: 'latest' });
  return { number: block.number, baseFee: block.baseFeePerGas as bigint };
}

describe('readGasFees on a real anvil', () => {
  it('with no transaction in the recent blocks, every speed takes the node’s suggested tip', async () => {
    const fees = await readGasFees(client);
    const block = await latestBlock();
    const suggested = BigInt(await client.request({ method: 'eth_maxPriorityFeePerGas' }));
    expect(fees.blockNumber).toBe(block.number);
    expect(fees.baseFeePerGas).toBe(block.baseFee);
    expect(fees.suggested).toBe(true);
    expect(fees.tips).toEqual({ slow: suggested, normal: suggested, fast: suggested });
    expect(fees.transferCost.normal).toBe(21_000n * (block.baseFee + suggested));
  });

  it('reads slow/normal/fast from the 10th/50th/90th fee-history percentiles of a block with three tips', async () => {
    const test = createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) });
    await test.setAutomine(false);
    // Three senders, three tips (1, 2 and 3 gwei), the same gas each: the percentiles land on one each.
    const tips = [parseGwei('1'), parseGwei('2'), parseGwei('3')];
    await Promise.all(
      tips.map((tip, i) =>
        createWalletClient({
          account: privateKeyToAccount(anvil.accounts[i + 1]!.privateKey),
          transport: http(anvil.rpcUrl),
        }).sendTransaction({
          chain: null,
          to: anvil.accounts[0]!.address,
          value: 1n,
          gas: 21_000n,
          maxPriorityFeePerGas: tip,
          maxFeePerGas: parseGwei('100'),
        }),
      ),
    );
    await test.mine({ blocks: 1 });
    await test.setAutomine(true);

    const fees = await readGasFees(client);
    const block = await latestBlock();
    const history = await client.getFeeHistory({ blockCount: 1, blockNumber: block.number, rewardPercentiles: [10, 50, 90] });
    expect(history.reward?.[0]).toEqual(tips); // the chain agrees with what was sent
    expect(fees.suggested).toBe(false);
    expect(fees.blockNumber).toBe(block.number);
    expect(fees.baseFeePerGas).toBe(block.baseFee);
    expect(fees.tips).toEqual({ slow: tips[0], normal: tips[1], fast: tips[2] });
    expect(fees.transferCost).toEqual({
      slow: 21_000n * (block.baseFee + tips[0]!),
      normal: 21_000n * (block.baseFee + tips[1]!),
      fast: 21_000n * (block.baseFee + tips[2]!),
    });
  });

  it('an RPC that does not answer gives a GasTrackerError naming its host, with the cause', async () => {
    const dead = await startAnvil({ deploy: false });
    await dead.stop();
    const error = await readGasFees(createFeeClient(dead.rpcUrl)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GasTrackerError);
    expect(isLatchError(error)).toBe(true);
    expect(error).toMatchObject({
      name: 'GasTrackerError',
      code: 'rpc_failed',
      category: 'RPC_ERROR',
      message: `Could not read the network's fee data from 127.0.0.1:${dead.port}.`,
    });
    expect((error as Error).cause).toBeInstanceOf(Error);
  });
});

describe('watchGasFees', () => {
  it('reads on open and again on each new block, and asks nothing once stopped', async () => {
    let requests = 0;
    const counted = createFeeClient(anvil.rpcUrl, { pollingInterval: 100, onFetchRequest: () => void requests++ });
    const seen: GasFees[] = [];
    const errors: unknown[] = [];
    const stop = watchGasFees(counted, { onFees: (fees) => seen.push(fees), onError: (error) => errors.push(error) });
    const first = (await latestBlock()).number;
    await expect.poll(() => seen.map((fees) => fees.blockNumber)).toContain(first);
    await createTestClient({ mode: 'anvil', transport: http(anvil.rpcUrl) }).mine({ blocks: 1 });
    await expect.poll(() => seen.map((fees) => fees.blockNumber)).toContain(first + 1n);
    expect(seen.at(-1)?.baseFeePerGas).toBe((await latestBlock()).baseFee);
    stop();
    const after = requests;
    // Another watcher on the same interval polls twice: in that time the stopped one would have polled too.
    let polls = 0;
    const other = createFeeClient(anvil.rpcUrl, { pollingInterval: 100, onFetchRequest: () => void polls++ });
    const stopOther = watchGasFees(other, { onFees: () => {}, onError: () => {} });
    try {
      await expect.poll(() => polls).toBeGreaterThanOrEqual(6);
    } finally {
      stopOther();
    }
    expect(requests).toBe(after);
    expect(errors).toEqual([]);
  });

  it('reports a dead RPC through onError', async () => {
    const dead = await startAnvil({ deploy: false });
    await dead.stop();
    const errors: GasTrackerError[] = [];
    const stop = watchGasFees(createFeeClient(dead.rpcUrl, { pollingInterval: 100 }), { onFees: () => {}, onError: (e) => errors.push(e) });
    try {
      await expect.poll(() => errors.length).toBeGreaterThan(0);
    } finally {
      stop();
    }
    expect(errors[0]).toMatchObject({ code: 'rpc_failed', message: `Could not read the network's fee data from 127.0.0.1:${dead.port}.` });
  });
});

describe('feeRpcUrl', () => {
  const network = (http: string[]) => ({ name: 'Local Devnet', rpcUrls: { default: { http } } });
  it('takes the network’s configured http(s) RPC URL', () => {
    expect(feeRpcUrl(network(['http://127.0.0.1:8545', 'https://other.example']))).toBe('http://127.0.0.1:8545');
  });
  it('refuses a network with no http(s) RPC URL', () => {
    for (const urls of [[], ['wss://node.example']]) {
      expect(() => feeRpcUrl(network(urls))).toThrow(
        expect.objectContaining({ code: 'no_rpc_url', message: 'Local Devnet has no http(s) RPC URL configured.' }),
      );
    }
  });
});
