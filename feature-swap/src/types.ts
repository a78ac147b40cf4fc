/** A token the visitor can swap. `address` is absent for the network's native currency. */
export interface SwapToken {
  readonly address?: `0x${string}`;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  readonly iconUrl?: string;
}

/** Uniswap v2-style contracts on one network. */
export interface UniswapV2Config {
  readonly router: `0x${string}`;
  readonly factory: `0x${string}`;
}

/** Uniswap v3-style contracts on one network. */
export interface UniswapV3Config {
  /** QuoterV2 (`quoteExactInputSingle` with a struct argument, called with eth_call). */
  readonly quoter: `0x${string}`;
  /** The router: SwapRouter, or SwapRouter02 when `routerKind` says so. */
  readonly router: `0x${string}`;
  /**
   * Which router `router` is. `'SwapRouter'` (the default; the first v3 router, `exactInputSingle`
   * with a deadline, deployed on Ethereum, Arbitrum, Optimism and Polygon only) or `'SwapRouter02'`
   * (from @uniswap/swap-router-contracts, on every chain Uniswap serves; the deadline goes to `multicall`).
   */
  readonly routerKind?: 'SwapRouter' | 'SwapRouter02';
  readonly factory: `0x${string}`;
  /** Fee tiers tried, in hundredths of a basis point. Default [500, 3000, 10000]. */
  readonly feeTiers?: readonly number[];
}

/** What the swap needs on one eip155 network (keyed by its numeric chain id). */
export interface SwapNetworkConfig {
  readonly v2?: UniswapV2Config;
  readonly v3?: UniswapV3Config;
  /** Wrapped native token: the native currency trades through it. Required when v2 or v3 is set. */
  readonly weth?: `0x${string}`;
  /** Suggested tokens (§9), listed after the account's own balances. */
  readonly tokens?: readonly SwapToken[];
  /** JSON-RPC URL for quotes and allowances (default: the network's own `rpcUrls.default`). */
  readonly rpcUrl?: string;
}

/** A quote request in the smallest units. */
export interface QuoteRequest {
  readonly chainId: number;
  readonly from: SwapToken;
  readonly to: SwapToken;
  readonly amountIn: bigint;
  /** The account that pays and receives. */
  readonly account: `0x${string}`;
  /** Slippage tolerance in basis points (100 = 1 %). */
  readonly slippageBps: number;
  readonly signal?: AbortSignal;
}

/** A call for the wallet to send. */
export interface SwapCall {
  readonly to: `0x${string}`;
  readonly data: `0x${string}`;
  readonly value: bigint;
}

export interface SwapQuote {
  readonly amountIn: bigint;
  readonly amountOut: bigint;
  /** `amountOut` less the slippage tolerance: the swap reverts below it. */
  readonly minimumOut: bigint;
  /** Price impact as a fraction (0.0123 = 1.23 %), or undefined when the provider cannot tell. */
  readonly priceImpact?: number;
  /** The liquidity providers' fee in `from` units (smallest unit), when known. */
  readonly fee?: bigint;
  /** Where the trade goes, e.g. 'Uniswap v3 0.3 %'. */
  readonly route: string;
  /** The contract that must be allowed to take `amountIn` of an ERC-20 `from` token. */
  readonly spender?: `0x${string}`;
  /** The swap transaction, built for `account` with `minimumOut`. */
  readonly call: SwapCall;
}

/**
 * Where quotes come from (a data service, ARCHITECTURE "Data services"). The default reads
 * Uniswap v2/v3-style pools on chain; an aggregator API can implement the same interface.
 */
export interface QuoteProvider {
  readonly id: string;
  /** The best quote, or throws a `LatchError` (no route, no liquidity, RPC failure). */
  quote(request: QuoteRequest, network: SwapNetworkConfig & { rpcUrl: string }): Promise<SwapQuote>;
}
