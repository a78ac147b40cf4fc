import { type CaipNetwork, type FeaturePlugin, invalidOption } from '@latch/kernel';
import { DEFAULT_SLIPPAGE, MAX_SLIPPAGE, UNISWAP_CHAIN_IDS } from './constants.js';
import type { QuoteProvider, SwapNetworkConfig } from './types.js';

export interface SwapOptions {
  /**
   * Swap networks by eip155 chain id; an entry replaces the built-in one of `DEFAULT_SWAP_NETWORKS` (Uniswap's
   * published contracts where Uniswap is deployed, added by the view). Gnosis, Fantom, Kaia and Aurora have no
   * Uniswap deployment: their contracts (a fork's) are the integrator's to give.
   */
  networks?: Readonly<Record<number, SwapNetworkConfig>>;
  /** §9 slippage tolerance in percent (default 1); the visitor can change it in the view. */
  slippage?: number;
  /**
   * Where quotes come from. Default: on-chain Uniswap v2/v3 pools (loaded with the view). A function
   * is called when the view opens, so an aggregator's code can be loaded lazily too.
   */
  quoteProvider?: QuoteProvider | (() => Promise<QuoteProvider>);
}

/** What the view receives: the checked configuration (the defaults are merged in by the view). */
export interface SwapSettings {
  readonly networks: Readonly<Record<number, SwapNetworkConfig>>;
  readonly slippage: number;
  readonly quoteProvider?: QuoteProvider | (() => Promise<QuoteProvider>);
}

export { DEFAULT_SLIPPAGE, MAX_SLIPPAGE, SWAP_VIEW, UNISWAP_CHAIN_IDS } from './constants.js';

/** The plugin, with the checked configuration its view reads (the view imports nothing from this module). */
export interface SwapPlugin extends FeaturePlugin {
  readonly swap: SwapSettings;
}

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

function fail(message: string): never {
  throw invalidOption(`createSwapPlugin: ${message}`);
}

/**
 * The contracts of one network, checked at once, in this order (the first bad one is named). Kept small (this module is
 * on the host's first load): its tokens, fee tiers and RPC URL are checked by the view (`networkProblem`).
 */
const CONTRACTS = 'weth v2.router v2.factory v3.quoter v3.router v3.factory'.split(' ');

function checkNetwork(chainId: string, n: SwapNetworkConfig): void {
  const at = `networks[${chainId}]`;
  if (!/^[1-9]\d*$/.test(chainId)) fail(`network keys are eip155 chain ids, got '${chainId}'`);
  if (!n?.v2 && !n?.v3) fail(`${at} needs v2 or v3 contracts`);
  for (const key of CONTRACTS) {
    // 'weth' is read from the network, 'v2.router' from its v2 contracts when it has some.
    const [group, name] = key.split('.') as [string, string?];
    const parent = (name ? n[group as 'v2'] : n) as Record<string, unknown> | undefined;
    if (parent && !ADDRESS.test(String(parent[name ?? group]))) fail(`${at}.${key} is not a 0x address`);
  }
}

/**
 * The swap feature plugin (§1 "swap", §9 swap networks and slippage): register it in `plugins` at
 * `createModal`. The Account view then shows Swap (when `features.swaps` is on); the view, the
 * quote provider and viem load with import() when the visitor opens it.
 */
export function createSwapPlugin(options: SwapOptions = {}): SwapPlugin {
  const { networks = {}, slippage = DEFAULT_SLIPPAGE, quoteProvider } = options;
  for (const [chainId, network] of Object.entries(networks)) checkNetwork(chainId, network);
  if (!(slippage > 0 && slippage <= MAX_SLIPPAGE)) fail(`slippage must be in (0, ${MAX_SLIPPAGE}] percent`);
  if (quoteProvider && typeof quoteProvider !== 'function' && typeof quoteProvider.quote !== 'function') {
    fail('quoteProvider needs a quote() method');
  }
  return {
    id: 'swaps',
    feature: 'swaps',
    // The key is SWAP_VIEW's value written out (a test keeps them equal): a computed key kept the constant on first load.
    views: { Swap: () => import('./SwapView.js') },
    // An eip155 network with contracts: the integrator's, or one Latch ships Uniswap's for (DEFAULT_SWAP_NETWORKS, read
    // by the view; only their chain ids are here, so the addresses stay out of the page's first load).
    supports: ({ caipNetworkId: id }: CaipNetwork) =>
      id.startsWith('eip155:') && (id.slice(7) in networks || UNISWAP_CHAIN_IDS.includes(+id.slice(7))),
    swap: { networks, slippage, quoteProvider },
  } satisfies SwapPlugin;
}
