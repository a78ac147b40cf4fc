export {
  createSwapPlugin,
  DEFAULT_SLIPPAGE,
  MAX_SLIPPAGE,
  SWAP_VIEW,
  type SwapOptions,
  type SwapPlugin,
  type SwapSettings,
} from './createSwapPlugin.js';
export { DEFAULT_SWAP_NETWORKS } from './defaultNetworks.js';
export { minimumReceived } from './slippage.js';
export type {
  QuoteProvider,
  QuoteRequest,
  SwapCall,
  SwapNetworkConfig,
  SwapQuote,
  SwapToken,
  UniswapV2Config,
  UniswapV3Config,
} from './types.js';
export type { SwapArguments } from './SwapView.js';
