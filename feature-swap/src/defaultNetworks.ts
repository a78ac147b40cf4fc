import type { SwapNetworkConfig } from './types.js';

/**
 * Ethereum mainnet (chain 1): Uniswap v2 Factory and Router02 as listed at
 * docs.uniswap.org/contracts/v2/reference/smart-contracts/v2-deployments, v3 UniswapV3Factory,
 * SwapRouter and QuoterV2 as listed in Uniswap/v3-periphery deploys.md, and canonical WETH9.
 */
export const DEFAULT_SWAP_NETWORKS: Readonly<Record<number, SwapNetworkConfig>> = {
  1: {
    v2: { factory: '0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f', router: '0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D' },
    v3: {
      factory: '0x1F98431c8aD98523631AE4a59f267346ea31F984',
      router: '0xE592427A0AEce92De3Edee1F18E0157C05861564',
      quoter: '0x61fFE014bA17989E743c5F6cB21bF9697530B21e',
    },
    weth: '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2',
  },
};
