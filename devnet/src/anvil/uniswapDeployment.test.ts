import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublicClient, erc20Abi, http, parseEther, parseUnits, type PublicClient } from 'viem';
import { jsonRpcRequest } from '@latch/testkit';
import { type AnvilFixture, startAnvil } from '../anvil.js';
import { anvilWalletClient } from './deployContracts.js';
import { deployUniswap, loadUniswapArtifact, SWAP_DEMO_TOKEN, sqrtPriceX96, type UniswapDeployment } from './uniswapDeployment.js';

/** What the test reads of a Uniswap v2 pair. */
const PAIR_ABI = [
  { type: 'function', name: 'price0CumulativeLast', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] },
  { type: 'function', name: 'price1CumulativeLast', stateMutability: 'view', inputs: [], outputs: [{ type: 'uint256' }] },
  {
    type: 'function',
    name: 'getReserves',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ type: 'uint112' }, { type: 'uint112' }, { type: 'uint32' }],
  },
] as const;

let anvil: AnvilFixture;
let uniswap: UniswapDeployment;
let client: PublicClient;
beforeAll(async () => {
  anvil = await startAnvil();
  uniswap = await deployUniswap(anvil.rpcUrl, anvil.chainId, anvil.accounts[0]!, { token: anvil.contracts.token });
  client = createPublicClient({ transport: http(anvil.rpcUrl) });
});
afterAll(() => anvil?.stop());

describe('sqrtPriceX96', () => {
  it('is 2^96 at parity and doubles when the price quadruples', () => {
    expect(sqrtPriceX96(10n, 10n)).toBe(2n ** 96n);
    expect(sqrtPriceX96(1n, 4n)).toBe(2n ** 97n);
  });
});

describe('deployUniswap (Uniswap v2 and v3 from npm artifacts on anvil)', () => {
  it('gives accounts 0..3 LUSD with 6 decimals', async () => {
    const read = (functionName: 'decimals' | 'symbol') => client.readContract({ address: uniswap.dollar, abi: erc20Abi, functionName });
    expect(await read('decimals')).toBe(6);
    expect(await read('symbol')).toBe(SWAP_DEMO_TOKEN.symbol);
    const balance = await client.readContract({
      address: uniswap.dollar,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [anvil.accounts[2]!.address],
    });
    expect(balance).toBe(parseUnits('1000000', 6));
  });

  it("starts the v2 pair's price record, so a swap mined a second after the pool's last one costs what one in the same second does", async () => {
    const pair = uniswap.pools.v2[0]!.pair;
    const read = (functionName: (typeof PAIR_ABI)[number]['name']) =>
      client.readContract({ address: pair, abi: PAIR_ABI, functionName }) as Promise<unknown>;
    // As on a live network: the accumulators hold a price (a fresh pair's stay zero until a later block touches it).
    expect(await read('price0CumulativeLast')).toBeGreaterThan(0n);
    expect(await read('price1CumulativeLast')).toBeGreaterThan(0n);
    const lastUpdate = Number(((await read('getReserves')) as readonly [bigint, bigint, number])[2]);

    // The same swap, mined in the pool's second (nothing to record) and one second later (the price recorded): a
    // wallet estimates in the first case and adds a quarter, so the second must fit in that.
    const trader = anvilWalletClient(anvil.rpcUrl, anvil.chainId, anvil.accounts[5]!);
    const rpc = (method: string, params: unknown[] = []) => client.request({ method: method as never, params: params as never });
    const gasUsedAt = async (timestamp: number) => {
      const snapshot = await rpc('evm_snapshot');
      try {
        await rpc('evm_setNextBlockTimestamp', [timestamp]);
        const hash = await trader.writeContract({
          address: uniswap.v2.router,
          abi: loadUniswapArtifact('UniswapV2Router02').abi,
          functionName: 'swapExactETHForTokens',
          args: [0n, [uniswap.weth, anvil.contracts.token], anvil.accounts[5]!.address, BigInt(timestamp + 600)],
          value: parseEther('0.2'),
          gas: 500_000n,
        });
        const receipt = await client.waitForTransactionReceipt({ hash });
        expect(receipt.status).toBe('success');
        return receipt.gasUsed;
      } finally {
        await rpc('evm_revert', [snapshot]);
      }
    };
    const sameSecond = await gasUsedAt(lastUpdate);
    const secondLater = await gasUsedAt(lastUpdate + 1);
    expect(secondLater).toBeGreaterThan(sameSecond);
    expect(secondLater).toBeLessThanOrEqual(sameSecond + sameSecond / 4n);
  });

  it("starts that record with one sync, sent once the clock passed the liquidity's second, within its gas limit", async () => {
    // Every transaction of the deployment, with its block's time (a fresh node: deployUniswap's blocks and the
    // fixture's own few).
    // Not viem's cached number (it keeps one for 4 s): the test before mined blocks and reverted them.
    const latest = await client.getBlockNumber({ cacheTime: 0 });
    const sent: { to: string | null; hash: `0x${string}`; time: bigint }[] = [];
    for (let number = 0n; number <= latest; number++) {
      const block = await client.getBlock({ blockNumber: number, includeTransactions: true });
      for (const tx of block.transactions) sent.push({ to: tx.to, hash: tx.hash, time: block.timestamp });
    }
    const pair = uniswap.pools.v2[0]!.pair.toLowerCase();
    const liquidity = sent.filter((tx) => tx.to?.toLowerCase() === uniswap.v2.router.toLowerCase());
    const syncs = sent.filter((tx) => tx.to?.toLowerCase() === pair);
    expect(liquidity).toHaveLength(1);
    // One sync, estimated and mined after the liquidity's second: its estimate held the first record's cost. (One
    // estimated in that second and mined in the next ran out of its gas: estimate 47,790, limit 59,737, all used.)
    expect(syncs).toHaveLength(1);
    expect(syncs[0]!.time).toBeGreaterThan(liquidity[0]!.time);
    const receipt = await client.getTransactionReceipt({ hash: syncs[0]!.hash });
    const { gas } = await client.getTransaction({ hash: syncs[0]!.hash });
    expect(receipt.status).toBe('success');
    expect(receipt.gasUsed).toBeLessThan(gas);
  });

  it("starts that record on a node whose clock lags this machine's", async () => {
    // anvil's clock, set three seconds behind this machine's (`evm_setTime`): its blocks keep the last one's time until
    // its clock catches up, so the machine's clock says nothing about the second the next block is stamped with.
    const lagging = await startAnvil();
    try {
      await jsonRpcRequest(lagging.rpcUrl, 'evm_setTime', [Math.floor(Date.now() / 1000) - 3]);
      const deployment = await deployUniswap(lagging.rpcUrl, lagging.chainId, lagging.accounts[0]!, { token: lagging.contracts.token });
      const reader = createPublicClient({ transport: http(lagging.rpcUrl) });
      const pair = deployment.pools.v2[0]!.pair;
      expect(await reader.readContract({ address: pair, abi: PAIR_ABI, functionName: 'price0CumulativeLast' })).toBeGreaterThan(0n);
      expect(await reader.readContract({ address: pair, abi: PAIR_ABI, functionName: 'price1CumulativeLast' })).toBeGreaterThan(0n);
    } finally {
      await lagging.stop();
    }
  });

  it('quotes on v2 at the seeded 2 000 LDT per ETH, less the 0.3 % fee and the price impact', async () => {
    const amounts = (await client.readContract({
      address: uniswap.v2.router,
      abi: loadUniswapArtifact('UniswapV2Router02').abi,
      functionName: 'getAmountsOut',
      args: [parseEther('1'), [uniswap.weth, anvil.contracts.token]],
    })) as bigint[];
    // x*y=k by hand: 1 ETH in (997/1000 of it counts) against 50 ETH / 100 000 LDT.
    const expected = (parseEther('1') * 997n * parseEther('100000')) / (parseEther('50') * 1000n + parseEther('1') * 997n);
    expect(amounts[1]).toBe(expected);
  });

  it('quotes on v3 through QuoterV2 and swaps through SwapRouter for that amount', async () => {
    const trader = anvil.accounts[1]!;
    const quote = await client.simulateContract({
      address: uniswap.v3.quoter,
      abi: loadUniswapArtifact('QuoterV2').abi,
      functionName: 'quoteExactInputSingle',
      args: [{ tokenIn: anvil.contracts.token, tokenOut: uniswap.dollar, amountIn: parseEther('10'), fee: 3000, sqrtPriceLimitX96: 0n }],
    });
    const amountOut = (quote.result as readonly bigint[])[0]!;
    // 10 LDT at 1 LUSD each, less 0.3 %: a little under 9.97 LUSD in a deep pool.
    expect(amountOut).toBeLessThan(parseUnits('9.97', 6));
    expect(amountOut).toBeGreaterThan(parseUnits('9.96', 6));

    const wallet = anvilWalletClient(anvil.rpcUrl, anvil.chainId, trader);
    const before = await client.readContract({ address: uniswap.dollar, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] });
    await wallet.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: anvil.contracts.token,
        abi: erc20Abi,
        functionName: 'approve',
        args: [uniswap.v3.swapRouter, parseEther('10')],
      }),
    });
    const hash = await wallet.writeContract({
      address: uniswap.v3.swapRouter,
      abi: loadUniswapArtifact('SwapRouter').abi,
      functionName: 'exactInputSingle',
      args: [
        {
          tokenIn: anvil.contracts.token,
          tokenOut: uniswap.dollar,
          fee: 3000,
          recipient: trader.address,
          deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
          amountIn: parseEther('10'),
          amountOutMinimum: amountOut,
          sqrtPriceLimitX96: 0n,
        },
      ],
    });
    expect((await wallet.waitForTransactionReceipt({ hash })).status).toBe('success');
    const after = await client.readContract({ address: uniswap.dollar, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] });
    expect(after - before).toBe(amountOut);
  });

  it('has the LUSD/WETH 0.05 % pool the router reverts on when the minimum is not met', async () => {
    expect(uniswap.pools.v3.map((pool) => pool.fee)).toEqual([3000, 500]);
    const trader = anvilWalletClient(anvil.rpcUrl, anvil.chainId, anvil.accounts[2]!);
    await expect(
      trader.simulateContract({
        address: uniswap.v3.swapRouter,
        abi: loadUniswapArtifact('SwapRouter').abi,
        functionName: 'exactInputSingle',
        value: parseEther('1'),
        args: [
          {
            tokenIn: uniswap.weth,
            tokenOut: uniswap.dollar,
            fee: 500,
            recipient: anvil.accounts[2]!.address,
            deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
            amountIn: parseEther('1'),
            amountOutMinimum: parseUnits('2000', 6),
            sqrtPriceLimitX96: 0n,
          },
        ],
      }),
    ).rejects.toThrow(/Too little received/);
  });
});
