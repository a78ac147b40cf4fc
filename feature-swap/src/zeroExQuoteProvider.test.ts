// @vitest-environment node
import { createMockEip1193Provider } from '@latch/testkit';
import { type AnvilFixture, deployUniswap, startAnvil, type UniswapDeployment } from '@latch/devnet';
import { createPublicClient, erc20Abi, http, parseEther, type PublicClient } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveCall, sendCall } from './swapTransactions.js';
import { startZeroExStandIn, type ZeroExStandIn } from './test-support/zeroExStandIn.js';
import type { SwapToken } from './types.js';
import { createZeroExQuoteProvider, ZERO_EX_NATIVE_TOKEN } from './zeroExQuoteProvider.js';

let anvil: AnvilFixture;
let uniswap: UniswapDeployment;
let standIn: ZeroExStandIn;
let client: PublicClient;
let LDT: SwapToken;
const ETH: SwapToken = { symbol: 'ETH', name: 'Ether', decimals: 18 };
const API_KEY = 'test-key';

beforeAll(async () => {
  anvil = await startAnvil();
  uniswap = await deployUniswap(anvil.rpcUrl, anvil.chainId, anvil.accounts[0]!, { token: anvil.contracts.token });
  standIn = await startZeroExStandIn({ rpcUrl: anvil.rpcUrl, router: uniswap.v2.router, weth: uniswap.weth, apiKey: API_KEY });
  client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient;
  LDT = { address: anvil.contracts.token, symbol: 'LDT', name: 'Latch Demo Token', decimals: 18 };
});
afterAll(async () => {
  await standIn?.close();
  await anvil?.stop();
});

const network = () => ({ rpcUrl: anvil.rpcUrl });
const request = (from: SwapToken, to: SwapToken, amountIn: bigint, account: `0x${string}`) => ({
  chainId: anvil.chainId,
  from,
  to,
  amountIn,
  account,
  slippageBps: 50,
});

/**
 * Waits for the transaction and expects it mined successfully; a revert fails with what explains it: the block's time
 * against this process's clock (the stand-in's deadline is the clock + 600 s), the gas used against the limit, and the
 * router's reason when the call is replayed on the state before its block. (Two reverts of these swaps in full runs were
 * a fresh v2 pair's first price record, about 40 000 gas past the wallet's estimate: `deployUniswap` now starts it.)
 */
async function expectMined(hash: `0x${string}`) {
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status === 'success') return;
  const [transaction, block] = await Promise.all([client.getTransaction({ hash }), client.getBlock({ blockNumber: receipt.blockNumber })]);
  const replayed = await client
    .call({
      account: transaction.from,
      to: transaction.to,
      data: transaction.input,
      value: transaction.value,
      gas: transaction.gas,
      blockNumber: receipt.blockNumber - 1n,
    })
    .then(
      () => 'the replay does not revert',
      (error: { shortMessage?: string }) => error.shortMessage ?? String(error),
    );
  expect.fail(
    `reverted in block ${receipt.blockNumber} (its time ${block.timestamp}, this clock ${Math.floor(Date.now() / 1000)}; ` +
      `gas used ${receipt.gasUsed} of ${transaction.gas}; nonce ${transaction.nonce}): ${replayed}`,
  );
}

async function wallet(index: number) {
  const mock = createMockEip1193Provider({
    privateKey: anvil.accounts[index]!.privateKey,
    chains: [{ chainId: anvil.chainId, rpcUrl: anvil.rpcUrl }],
    chainId: anvil.chainId,
  });
  await mock.request({ method: 'eth_requestAccounts' });
  return mock;
}

describe('the 0x Swap API v2 quote provider (against a loopback stand-in of its wire format)', () => {
  it('asks /swap/allowance-holder/quote with the v2 headers and native ETH as 0xEeee…, and the returned call swaps', async () => {
    const provider = createZeroExQuoteProvider({ apiKey: API_KEY, baseUrl: standIn.url });
    const mock = await wallet(7);
    const quote = await provider.quote(request(ETH, LDT, parseEther('0.2'), mock.address), network());
    expect(standIn.requests.at(-1)).toEqual({
      path: '/swap/allowance-holder/quote',
      query: {
        chainId: '31337',
        sellToken: ZERO_EX_NATIVE_TOKEN,
        buyToken: anvil.contracts.token,
        sellAmount: parseEther('0.2').toString(),
        taker: mock.address,
        slippageBps: '50',
      },
      apiKey: API_KEY,
      version: 'v2',
    });
    expect(quote).toMatchObject({ route: '0x: Uniswap V2', amountIn: parseEther('0.2') });
    expect(quote.spender).toBeUndefined();
    expect(quote.minimumOut).toBe((quote.amountOut * 9950n) / 10_000n);
    const before = await client.readContract({
      address: anvil.contracts.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [mock.address],
    });
    const hash = await sendCall(mock, anvil.chainId, mock.address, quote.call);
    await expectMined(hash);
    const after = await client.readContract({
      address: anvil.contracts.token,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [mock.address],
    });
    expect(after - before).toBe(quote.amountOut);
  });

  it('an ERC-20 sell names the allowance spender and the 0x fee in the sell token', async () => {
    const provider = createZeroExQuoteProvider({ apiKey: API_KEY, baseUrl: standIn.url });
    const mock = await wallet(1);
    const quote = await provider.quote(request(LDT, ETH, parseEther('100'), mock.address), network());
    expect(quote.spender).toBe(uniswap.v2.router);
    expect(quote.fee).toBe((parseEther('100') * 15n) / 10_000n);
    await client.waitForTransactionReceipt({
      hash: await sendCall(mock, anvil.chainId, mock.address, approveCall(anvil.contracts.token, quote.spender!, quote.amountIn)),
    });
    await expectMined(await sendCall(mock, anvil.chainId, mock.address, quote.call));
  });

  it('no liquidity, a refused key and an unreadable reply each give a clear error', async () => {
    const account = anvil.accounts[2]!.address;
    const stranger: SwapToken = { address: anvil.contracts.nft, symbol: 'LNFT', name: 'NFT', decimals: 0 };
    await expect(
      createZeroExQuoteProvider({ apiKey: API_KEY, baseUrl: standIn.url }).quote(request(LDT, stranger, 1n, account), network()),
    ).rejects.toThrow('No pool on this network can swap LDT for LNFT in this amount');
    await expect(
      createZeroExQuoteProvider({ apiKey: 'wrong', baseUrl: standIn.url }).quote(request(ETH, LDT, 1n, account), network()),
    ).rejects.toThrow('HTTP status code: 401: Invalid API key');
    const forged = createZeroExQuoteProvider({
      apiKey: API_KEY,
      fetch: async () =>
        new Response(
          JSON.stringify({ liquidityAvailable: true, buyAmount: '1', minBuyAmount: '1', transaction: { to: 'nope', data: '0x' } }),
        ),
    });
    await expect(forged.quote(request(ETH, LDT, 1n, account), network())).rejects.toThrow(
      'The 0x API returned a quote this modal cannot read',
    );
  });

  it('refuses a configuration without a key or with a path in baseUrl', () => {
    expect(() => createZeroExQuoteProvider({ apiKey: '' })).toThrow('createZeroExQuoteProvider: apiKey is required');
    expect(() => createZeroExQuoteProvider({ apiKey: 'k', baseUrl: 'https://api.0x.org/swap' })).toThrow(
      'baseUrl must be an http(s) origin',
    );
  });
});
