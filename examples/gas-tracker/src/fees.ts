import { type CaipNetwork, LatchError } from '@latch/kernel';
import { createPublicClient, type FeeHistory, http, type PublicClient } from 'viem';

/** The gas a plain native-currency transfer uses. */
export const TRANSFER_GAS = 21_000n;

/** The fee-history reward percentile each speed reads: slow pays what the cheapest tenth paid, fast the dearest tenth. */
export const TIP_PERCENTILES = { slow: 10, normal: 50, fast: 90 } as const;
export type Speed = keyof typeof TIP_PERCENTILES;
export const SPEEDS = Object.keys(TIP_PERCENTILES) as Speed[];

/** How many recent blocks the tips are averaged over. */
export const FEE_HISTORY_BLOCKS = 10;

/** One reading of the network's fees, all in wei. */
export interface GasFees {
  /** The block the figures are read at. */
  readonly blockNumber: bigint;
  /** That block's base fee per gas. */
  readonly baseFeePerGas: bigint;
  /** Max priority fee per gas (the tip) for each speed. */
  readonly tips: Readonly<Record<Speed, bigint>>;
  /** What a plain transfer (21,000 gas) costs at that block's base fee plus each speed's tip. */
  readonly transferCost: Readonly<Record<Speed, bigint>>;
  /** Whether the tips come from the node's suggestion because no recent block held a transaction. */
  readonly suggested: boolean;
}

/** Stable codes of `GasTrackerError`. */
export type GasTrackerErrorCode = 'no_rpc_url' | 'no_base_fee' | 'rpc_failed';

/** Why the fees could not be read; `code` says which case, `cause` carries viem's error. */
export class GasTrackerError extends LatchError {
  override readonly name = 'GasTrackerError';
  declare readonly code: GasTrackerErrorCode;
  constructor(message: string, code: GasTrackerErrorCode, cause?: unknown) {
    super(message, { category: code === 'rpc_failed' ? 'RPC_ERROR' : 'VALIDATION_ERROR', code, ...(cause === undefined ? {} : { cause }) });
  }
}

/**
 * The JSON-RPC URL the tracker reads: the network's own configured `rpcUrls.default` (only a host the integrator
 * configured is ever asked), and only over http(s).
 */
export function feeRpcUrl(network: Pick<CaipNetwork, 'name' | 'rpcUrls'>): string {
  const url = network.rpcUrls.default.http[0];
  if (!url || !/^https?:\/\//i.test(url)) throw new GasTrackerError(`${network.name} has no http(s) RPC URL configured.`, 'no_rpc_url');
  return url;
}

/** A viem client on the network's RPC URL; `pollingInterval` is how often `watchGasFees` asks for a new block. */
export function createFeeClient(
  rpcUrl: string,
  options: { pollingInterval?: number; onFetchRequest?: (request: Request) => void } = {},
): PublicClient {
  return createPublicClient({
    transport: http(rpcUrl, { retryCount: 0, ...(options.onFetchRequest ? { onFetchRequest: options.onFetchRequest } : {}) }),
    pollingInterval: options.pollingInterval ?? 4_000,
  });
}

/** The mean of the rewards at one percentile over the blocks that held transactions (an empty block reports 0). */
function meanTip(history: FeeHistory, index: number): bigint | undefined {
  const rewards = (history.reward ?? []).filter((_, block) => (history.gasUsedRatio[block] ?? 0) > 0).map((row) => row[index] ?? 0n);
  return rewards.length ? rewards.reduce((sum, tip) => sum + tip, 0n) / BigInt(rewards.length) : undefined;
}

/** The error of a failed read, naming the RPC host (never the full URL: it may carry an API key). */
function rpcFailed(rpcUrl: string | undefined, cause: unknown): GasTrackerError {
  let host = '';
  try {
    host = rpcUrl ? ` from ${new URL(rpcUrl).host}` : '';
  } catch {}
  return new GasTrackerError(`Could not read the network's fee data${host}.`, 'rpc_failed', cause);
}

/**
 * Reads the latest block's base fee and, from `eth_feeHistory` over the last blocks up to that one, the tip each
 * speed pays; when none of those blocks held a transaction the node's suggested tip (`eth_maxPriorityFeePerGas`)
 * stands for all three. Rejects with a `GasTrackerError` naming the RPC host when the node cannot be read.
 */
export async function readGasFees(client: PublicClient, rpcUrl = client.transport.url as string | undefined): Promise<GasFees> {
  try {
    const block = await client.getBlock({ blockTag: 'latest' });
    if (block.baseFeePerGas === null) throw new GasTrackerError('This network has no base fee (it predates EIP-1559).', 'no_base_fee');
    const history = await client.getFeeHistory({
      blockCount: FEE_HISTORY_BLOCKS,
      blockNumber: block.number,
      rewardPercentiles: SPEEDS.map((speed) => TIP_PERCENTILES[speed]),
    });
    let suggested = false;
    const tips = {} as Record<Speed, bigint>;
    for (const [index, speed] of SPEEDS.entries()) {
      const tip = meanTip(history, index);
      if (tip === undefined) suggested = true;
      tips[speed] = tip ?? 0n;
    }
    if (suggested) {
      const tip = await client.estimateMaxPriorityFeePerGas();
      for (const speed of SPEEDS) tips[speed] = tip;
    }
    const baseFeePerGas = block.baseFeePerGas;
    const transferCost = Object.fromEntries(SPEEDS.map((speed) => [speed, TRANSFER_GAS * (baseFeePerGas + tips[speed])])) as Record<
      Speed,
      bigint
    >;
    return { blockNumber: block.number, baseFeePerGas, tips, transferCost, suggested };
  } catch (error) {
    if (error instanceof GasTrackerError) throw error;
    throw rpcFailed(rpcUrl, error);
  }
}

/**
 * Reads the fees now and again on each new block (the client polls for one every `pollingInterval`) until the
 * returned function is called. A failed read or poll calls `onError` and waits for the next block; call again to retry.
 */
export function watchGasFees(
  client: PublicClient,
  handlers: { onFees(fees: GasFees): void; onError(error: GasTrackerError): void },
): () => void {
  let stopped = false;
  let latest = -1n;
  const read = () =>
    readGasFees(client).then(
      (fees) => {
        // A slower, older read never replaces a newer one.
        if (stopped || fees.blockNumber < latest) return;
        latest = fees.blockNumber;
        handlers.onFees(fees);
      },
      (error: GasTrackerError) => stopped || handlers.onError(error),
    );
  const unwatch = client.watchBlockNumber({
    emitOnBegin: true,
    onBlockNumber: () => void read(),
    onError: (error) => stopped || handlers.onError(rpcFailed(client.transport.url as string | undefined, error)),
  });
  return () => {
    stopped = true;
    unwatch();
  };
}
