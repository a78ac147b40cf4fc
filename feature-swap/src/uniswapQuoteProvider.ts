import { LatchError } from '@latch/kernel';
import { type Client, createClient, encodeFunctionData, http, zeroAddress } from 'viem';
import { readContract, simulateContract } from 'viem/actions';
import {
  quoterV2Abi,
  swapRouter02Abi,
  v2FactoryAbi,
  v2PairAbi,
  v2RouterAbi,
  v3FactoryAbi,
  v3PoolAbi,
  v3RouterAbi,
  wethAbi,
} from './abis.js';
import { minimumReceived } from './slippage.js';
import type { QuoteProvider, QuoteRequest, SwapCall, SwapNetworkConfig, SwapQuote } from './types.js';

type Address = `0x${string}`;
type Network = SwapNetworkConfig & { rpcUrl: string };

export const DEFAULT_FEE_TIERS = [500, 3000, 10000] as const;
/** How long a signed swap stays valid: the router reverts after this. */
export const SWAP_DEADLINE_SECONDS = 20 * 60;
/** v2 pools take 0.3 % of each hop's input. */
const V2_FEE = 0.003;

/** A priced route before the transaction is built. */
interface Candidate {
  amountOut: bigint;
  route: string;
  spender: Address;
  /** Fraction of the input paid to liquidity providers. */
  feeFraction: number;
  /** What `amountOut` would be at the pools' current prices, less fees (for the price impact). */
  idealOut?: number;
  build(minimumOut: bigint, deadline: bigint): SwapCall;
}

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

async function v2Candidates(client: Client, network: Network, request: QuoteRequest, tokenIn: Address, tokenOut: Address) {
  const v2 = network.v2;
  const weth = network.weth as Address;
  if (!v2) return [];
  const paths: Address[][] = [[tokenIn, tokenOut]];
  if (!same(tokenIn, weth) && !same(tokenOut, weth)) paths.push([tokenIn, weth, tokenOut]);
  const found = await Promise.all(
    paths.map(async (path): Promise<Candidate | undefined> => {
      try {
        const amounts = await readContract(client, {
          address: v2.router,
          abi: v2RouterAbi,
          functionName: 'getAmountsOut',
          args: [request.amountIn, path],
        });
        const amountOut = amounts[amounts.length - 1] ?? 0n;
        if (amountOut <= 0n) return undefined;
        let ideal = Number(request.amountIn);
        for (let hop = 0; hop + 1 < path.length; hop++) {
          const pair = await readContract(client, {
            address: v2.factory,
            abi: v2FactoryAbi,
            functionName: 'getPair',
            args: [path[hop]!, path[hop + 1]!],
          });
          const [[reserve0, reserve1], token0] = await Promise.all([
            readContract(client, { address: pair, abi: v2PairAbi, functionName: 'getReserves' }),
            readContract(client, { address: pair, abi: v2PairAbi, functionName: 'token0' }),
          ]);
          const [reserveIn, reserveOut] = same(token0, path[hop]!) ? [reserve0, reserve1] : [reserve1, reserve0];
          ideal = (ideal * (1 - V2_FEE) * Number(reserveOut)) / Number(reserveIn);
        }
        const hops = path.length - 1;
        return {
          amountOut,
          route: hops === 1 ? 'Uniswap v2' : 'Uniswap v2 via WETH',
          spender: v2.router,
          feeFraction: 1 - (1 - V2_FEE) ** hops,
          idealOut: ideal,
          build(minimumOut, deadline) {
            const to = request.account;
            if (!request.from.address) {
              return {
                to: v2.router,
                value: request.amountIn,
                data: encodeFunctionData({
                  abi: v2RouterAbi,
                  functionName: 'swapExactETHForTokens',
                  args: [minimumOut, path, to, deadline],
                }),
              };
            }
            const functionName = request.to.address ? 'swapExactTokensForTokens' : 'swapExactTokensForETH';
            return {
              to: v2.router,
              value: 0n,
              data: encodeFunctionData({ abi: v2RouterAbi, functionName, args: [request.amountIn, minimumOut, path, to, deadline] }),
            };
          },
        };
      } catch {
        return undefined; // no pair, or not enough liquidity on this path
      }
    }),
  );
  return found.filter((candidate): candidate is Candidate => candidate !== undefined);
}

async function v3Candidates(client: Client, network: Network, request: QuoteRequest, tokenIn: Address, tokenOut: Address) {
  const v3 = network.v3;
  if (!v3) return [];
  const found = await Promise.all(
    (v3.feeTiers ?? DEFAULT_FEE_TIERS).map(async (fee): Promise<Candidate | undefined> => {
      try {
        const pool = await readContract(client, {
          address: v3.factory,
          abi: v3FactoryAbi,
          functionName: 'getPool',
          args: [tokenIn, tokenOut, fee],
        });
        if (same(pool, zeroAddress)) return undefined;
        const [{ result }, slot0] = await Promise.all([
          simulateContract(client, {
            address: v3.quoter,
            abi: quoterV2Abi,
            functionName: 'quoteExactInputSingle',
            args: [{ tokenIn, tokenOut, amountIn: request.amountIn, fee, sqrtPriceLimitX96: 0n }],
          }),
          readContract(client, { address: pool, abi: v3PoolAbi, functionName: 'slot0' }),
        ]);
        const amountOut = result[0];
        if (amountOut <= 0n) return undefined;
        const sqrtPrice = Number(slot0[0]) / 2 ** 96;
        // token1 per token0 is sqrtPrice²; the input is token0 when its address sorts first.
        const price = BigInt(tokenIn) < BigInt(tokenOut) ? sqrtPrice ** 2 : 1 / sqrtPrice ** 2;
        const feeFraction = fee / 1_000_000;
        return {
          amountOut,
          route: `Uniswap v3 ${fee / 10_000} %`,
          spender: v3.router,
          feeFraction,
          idealOut: Number(request.amountIn) * (1 - feeFraction) * price,
          build(minimumOut, deadline) {
            const unwrap = !request.to.address;
            const value = request.from.address ? 0n : request.amountIn;
            // To pay out the native currency the router keeps the WETH, then unwraps it to the account.
            const recipient = unwrap ? v3.router : request.account;
            const payout = (abi: typeof v3RouterAbi | typeof swapRouter02Abi) =>
              encodeFunctionData({ abi, functionName: 'unwrapWETH9', args: [minimumOut, request.account] });
            if (v3.routerKind === 'SwapRouter02') {
              const single = encodeFunctionData({
                abi: swapRouter02Abi,
                functionName: 'exactInputSingle',
                args: [
                  { tokenIn, tokenOut, fee, recipient, amountIn: request.amountIn, amountOutMinimum: minimumOut, sqrtPriceLimitX96: 0n },
                ],
              });
              const calls = unwrap ? [single, payout(swapRouter02Abi)] : [single];
              return {
                to: v3.router,
                value,
                data: encodeFunctionData({ abi: swapRouter02Abi, functionName: 'multicall', args: [deadline, calls] }),
              };
            }
            const single = encodeFunctionData({
              abi: v3RouterAbi,
              functionName: 'exactInputSingle',
              args: [
                {
                  tokenIn,
                  tokenOut,
                  fee,
                  recipient,
                  deadline,
                  amountIn: request.amountIn,
                  amountOutMinimum: minimumOut,
                  sqrtPriceLimitX96: 0n,
                },
              ],
            });
            if (!unwrap) return { to: v3.router, value, data: single };
            return {
              to: v3.router,
              value,
              data: encodeFunctionData({ abi: v3RouterAbi, functionName: 'multicall', args: [[single, payout(v3RouterAbi)]] }),
            };
          },
        };
      } catch {
        return undefined; // no pool at this fee, or the quoter reverted (not enough liquidity)
      }
    }),
  );
  return found.filter((candidate): candidate is Candidate => candidate !== undefined);
}

/** Native ⇄ WETH is not a trade: one wrap or unwrap call, 1:1, no fee. */
function wrapCandidate(request: QuoteRequest, weth: Address): Candidate | undefined {
  const wrapping = !request.from.address && request.to.address && same(request.to.address, weth);
  const unwrapping = !request.to.address && request.from.address && same(request.from.address, weth);
  if (!wrapping && !unwrapping) return undefined;
  return {
    amountOut: request.amountIn,
    route: wrapping ? 'Wrap' : 'Unwrap',
    spender: weth,
    feeFraction: 0,
    idealOut: Number(request.amountIn),
    build: () =>
      wrapping
        ? { to: weth, value: request.amountIn, data: encodeFunctionData({ abi: wethAbi, functionName: 'deposit' }) }
        : { to: weth, value: 0n, data: encodeFunctionData({ abi: wethAbi, functionName: 'withdraw', args: [request.amountIn] }) },
  };
}

/**
 * Quotes from Uniswap v2/v3-style pools over the network's JSON-RPC: v2 direct and through WETH,
 * v3 single pools at each fee tier (QuoterV2 with eth_call); the best output wins.
 */
export function createUniswapQuoteProvider(options: { now?: () => number } = {}): QuoteProvider {
  const clients = new Map<string, Client>();
  const now = options.now ?? Date.now;
  return {
    id: 'uniswap',
    async quote(request, network) {
      if (!network.weth)
        throw new LatchError('This network has no wrapped native token configured for swaps', { category: 'VALIDATION_ERROR' });
      const weth = network.weth;
      const tokenIn = request.from.address ?? weth;
      const tokenOut = request.to.address ?? weth;
      if (same(request.from.address ?? 'native', request.to.address ?? 'native')) {
        throw new LatchError('Choose two different tokens', { category: 'VALIDATION_ERROR' });
      }
      if (request.amountIn <= 0n) throw new LatchError('Enter an amount greater than 0', { category: 'VALIDATION_ERROR' });
      let client = clients.get(network.rpcUrl);
      if (!client) {
        client = createClient({ transport: http(network.rpcUrl, { retryCount: 1 }) });
        clients.set(network.rpcUrl, client);
      }
      const wrap = wrapCandidate(request, weth);
      const candidates = wrap
        ? [wrap]
        : (
            await Promise.all([
              v2Candidates(client, network, request, tokenIn, tokenOut),
              v3Candidates(client, network, request, tokenIn, tokenOut),
            ])
          ).flat();
      if (request.signal?.aborted) throw new LatchError('Request was aborted', { category: 'INTERNAL_SDK_ERROR' });
      const best = candidates.reduce<Candidate | undefined>(
        (top, next) => (!top || next.amountOut > top.amountOut ? next : top),
        undefined,
      );
      if (!best) {
        throw new LatchError(`No pool on this network can swap ${request.from.symbol} for ${request.to.symbol} in this amount`, {
          category: 'API_ERROR',
        });
      }
      const minimumOut = minimumReceived(best.amountOut, request.slippageBps);
      const deadline = BigInt(Math.floor(now() / 1000) + SWAP_DEADLINE_SECONDS);
      const impact = best.idealOut && best.idealOut > 0 ? Math.max(0, 1 - Number(best.amountOut) / best.idealOut) : undefined;
      const quote: SwapQuote = {
        amountIn: request.amountIn,
        amountOut: best.amountOut,
        minimumOut,
        ...(impact === undefined ? {} : { priceImpact: impact }),
        fee: (request.amountIn * BigInt(Math.round(best.feeFraction * 1_000_000))) / 1_000_000n,
        route: best.route,
        ...(request.from.address ? { spender: best.spender } : {}),
        call: best.build(minimumOut, deadline),
      };
      return quote;
    },
  };
}
