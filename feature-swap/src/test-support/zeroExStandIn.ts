// A loopback stand-in for the 0x Swap API v2 firm-quote endpoint (`GET /swap/allowance-holder/quote`),
// speaking its wire format (query, headers, reply fields) and filling quotes from real Uniswap v2 pools
// on anvil, so the calldata it returns really swaps. Test-only: never in the package's build.
import { createServer, type Server } from 'node:http';
import { type Address, createPublicClient, encodeFunctionData, erc20Abi, http } from 'viem';
import { v2RouterAbi } from '../abis.js';
import { ZERO_EX_NATIVE_TOKEN } from '../zeroExQuoteProvider.js';

export interface ZeroExStandIn {
  url: string;
  /** Every request's path and query, and its API key header. */
  requests: { path: string; query: Record<string, string>; apiKey?: string; version?: string }[];
  close(): Promise<void>;
}

export async function startZeroExStandIn(options: {
  rpcUrl: string;
  router: Address;
  weth: Address;
  apiKey: string;
}): Promise<ZeroExStandIn> {
  const client = createPublicClient({ transport: http(options.rpcUrl) });
  const requests: ZeroExStandIn['requests'] = [];
  const native = ZERO_EX_NATIVE_TOKEN.toLowerCase();

  async function quote(query: Record<string, string>) {
    const { chainId, sellToken = '', buyToken = '', sellAmount = '', taker = '', slippageBps = '100' } = query;
    if (
      !chainId ||
      !/^0x[0-9a-fA-F]{40}$/.test(sellToken) ||
      !/^0x[0-9a-fA-F]{40}$/.test(buyToken) ||
      !/^\d+$/.test(sellAmount) ||
      !taker
    ) {
      return { status: 400, body: { name: 'INPUT_INVALID', message: 'Validation Failed', data: { details: [] } } };
    }
    const sellNative = sellToken.toLowerCase() === native;
    const buyNative = buyToken.toLowerCase() === native;
    const path = [sellNative ? options.weth : (sellToken as Address), buyNative ? options.weth : (buyToken as Address)];
    const amountIn = BigInt(sellAmount);
    let amounts: readonly bigint[];
    try {
      amounts = await client.readContract({
        address: options.router,
        abi: v2RouterAbi,
        functionName: 'getAmountsOut',
        args: [amountIn, path],
      });
    } catch {
      return { status: 200, body: { liquidityAvailable: false, zid: '0x1' } };
    }
    const buyAmount = amounts[amounts.length - 1] ?? 0n;
    const minBuyAmount = (buyAmount * BigInt(10_000 - Number(slippageBps))) / 10_000n;
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
    const data = sellNative
      ? encodeFunctionData({
          abi: v2RouterAbi,
          functionName: 'swapExactETHForTokens',
          args: [minBuyAmount, path, taker as Address, deadline],
        })
      : encodeFunctionData({
          abi: v2RouterAbi,
          functionName: buyNative ? 'swapExactTokensForETH' : 'swapExactTokensForTokens',
          args: [amountIn, minBuyAmount, path, taker as Address, deadline],
        });
    const allowance = sellNative
      ? undefined
      : await client.readContract({
          address: sellToken as Address,
          abi: erc20Abi,
          functionName: 'allowance',
          args: [taker as Address, options.router],
        });
    return {
      status: 200,
      body: {
        liquidityAvailable: true,
        chainId: Number(chainId),
        blockNumber: String(await client.getBlockNumber()),
        buyAmount: String(buyAmount),
        buyToken,
        sellAmount,
        sellToken,
        minBuyAmount: String(minBuyAmount),
        allowanceTarget: sellNative ? null : options.router,
        transaction: { to: options.router, data, gas: '200000', gasPrice: '1000000000', value: sellNative ? sellAmount : '0' },
        totalNetworkFee: '200000000000000',
        fees: {
          integratorFee: null,
          zeroExFee: { amount: String((amountIn * 15n) / 10_000n), token: sellToken, type: 'volume' },
          gasFee: null,
        },
        issues: {
          allowance: allowance !== undefined && allowance < amountIn ? { actual: String(allowance), spender: options.router } : null,
          balance: null,
          simulationIncomplete: false,
          invalidSourcesPassed: [],
        },
        route: { fills: [{ from: sellToken, to: buyToken, source: 'Uniswap_V2', proportionBps: '10000' }], tokens: [] },
        zid: '0x1',
      },
    };
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const query = Object.fromEntries(url.searchParams);
    const apiKey = req.headers['0x-api-key'];
    const version = req.headers['0x-version'];
    requests.push({
      path: url.pathname,
      query,
      ...(typeof apiKey === 'string' ? { apiKey } : {}),
      ...(typeof version === 'string' ? { version } : {}),
    });
    const reply = (status: number, body: unknown) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    if (req.method !== 'GET' || url.pathname !== '/swap/allowance-holder/quote')
      return reply(404, { name: 'NOT_FOUND', message: 'Not found' });
    if (apiKey !== options.apiKey) return reply(401, { name: 'UNAUTHORIZED', message: 'Invalid API key' });
    if (version !== 'v2') return reply(400, { name: 'INPUT_INVALID', message: '0x-version header must be v2' });
    quote(query).then(
      ({ status, body }) => reply(status, body),
      (err: unknown) => reply(500, { name: 'INTERNAL_SERVER_ERROR', message: String(err) }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
