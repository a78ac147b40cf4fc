/** The default Activity reader's settings (`createEip155Adapter({ activity })`). */
export interface ActivityOptions {
  /** Transactions asked per page; a page may hold a few more, since a block is never split. Default 20. */
  pageSize?: number;
  /**
   * Without Otterscan (`ots_*`), token transfers are found with `eth_getLogs`, this many blocks per
   * request (keep it within your RPC's limit). Default 5 000.
   */
  logBlockRange?: number;
  /** Without Otterscan: how many `logBlockRange` windows one page may scan, newest first. Default 4. */
  logWindowsPerPage?: number;
  /**
   * Which contracts' `Transfer` events count: every contract (default), or only the `tokens`
   * configured for the network (no spam tokens, but NFTs and other tokens are then left out).
   */
  tokenContracts?: 'all' | 'configured';
}

export const DEFAULT_ACTIVITY_PAGE_SIZE = 20;
export const DEFAULT_LOG_BLOCK_RANGE = 5_000;
export const DEFAULT_LOG_WINDOWS_PER_PAGE = 4;

export interface ResolvedActivityOptions {
  pageSize: number;
  logBlockRange: bigint;
  logWindowsPerPage: number;
  tokenContracts: 'all' | 'configured';
}

const positiveInteger = (value: number | undefined, fallback: number) =>
  typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : fallback;

export function resolveActivityOptions(options: ActivityOptions = {}): ResolvedActivityOptions {
  return {
    pageSize: positiveInteger(options.pageSize, DEFAULT_ACTIVITY_PAGE_SIZE),
    logBlockRange: BigInt(positiveInteger(options.logBlockRange, DEFAULT_LOG_BLOCK_RANGE)),
    logWindowsPerPage: positiveInteger(options.logWindowsPerPage, DEFAULT_LOG_WINDOWS_PER_PAGE),
    tokenContracts: options.tokenContracts === 'configured' ? 'configured' : 'all',
  };
}
