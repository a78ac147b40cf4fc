/* The plugin's identifiers and limits: a leaf module, so the plugin and its lazily loaded view share them without importing each other. */

/** The plugin's view: choose, quote, approve, swap, result. */
export const SWAP_VIEW = 'Swap';
/** The chain ids `DEFAULT_SWAP_NETWORKS` has contracts for (a test keeps the two lists equal). */
export const UNISWAP_CHAIN_IDS: readonly number[] = [1, 10, 56, 137, 324, 8453, 42161, 43114];
/** The default slippage tolerance, percent. */
export const DEFAULT_SLIPPAGE = 1;
/** The largest tolerance the view accepts, percent. */
export const MAX_SLIPPAGE = 50;
