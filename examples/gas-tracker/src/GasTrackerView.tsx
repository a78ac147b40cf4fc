import type { CaipNetwork } from '@latch/kernel';
import { Alert, Button, ListRow, usePluginContext, ViewHeader } from '@latch/react';
import { useEffect, useState } from 'react';
import { formatGwei, formatUnits } from 'viem';
import type { GasTrackerPlugin } from './createGasTrackerPlugin.js';
import { createFeeClient, feeRpcUrl, type GasFees, type GasTrackerError, SPEEDS, type Speed, TIP_PERCENTILES } from './fees.js';
import { watchGasFees } from './fees.js';

const SPEED_LABELS: Record<Speed, string> = { slow: 'Slow', normal: 'Normal', fast: 'Fast' };

/** What the view shows: nothing read yet, the latest figures, or why they could not be read. */
type Reading = { status: 'loading' } | { status: 'ready'; fees: GasFees } | { status: 'failed'; error: GasTrackerError };

/**
 * The Gas tracker: the active network's base fee, the slow/normal/fast tip and what a plain transfer costs at each,
 * read from the network's own RPC URL while the view is open (again on each new block), and no longer once it closes.
 */
export default function GasTrackerView() {
  // The context re-renders the view when the network changes. (`getNetwork()` rather than `useNetwork()`: a lazy view
  // that imports a hook makes Vite 8's bundler keep React and the kernel's LatchError module out of the host's entry
  // chunk, 1 kB gzip more first load; bench's latch-evm-gas-tracker budget fails then.)
  const context = usePluginContext<GasTrackerPlugin>();
  const network = context.getNetwork();
  // "Try again" mounts a new watch (its key changes); so does a change of network.
  const [attempt, setAttempt] = useState(0);
  if (network?.chainNamespace !== 'eip155') {
    return (
      <div data-testid="latch-GasTracker">
        <ViewHeader title="No fees to show" />
        <Alert variant="info">The Gas tracker reads EVM (eip155) networks; switch to one to see its fees.</Alert>
      </div>
    );
  }
  let rpcUrl: string;
  try {
    rpcUrl = feeRpcUrl(network);
  } catch (error) {
    return (
      <div data-testid="latch-GasTracker">
        <ViewHeader title={network.name} />
        <Alert variant="error" title="Fees unavailable">
          {(error as GasTrackerError).message}
        </Alert>
      </div>
    );
  }
  return (
    <NetworkFees
      key={`${network.caipNetworkId}|${attempt}`}
      network={network}
      rpcUrl={rpcUrl}
      pollingInterval={context.plugin.gasTracker.pollingInterval}
      onRetry={() => setAttempt((n) => n + 1)}
    />
  );
}

/** One network's fees, watched from mount to unmount. */
function NetworkFees({
  network,
  rpcUrl,
  pollingInterval,
  onRetry,
}: {
  network: CaipNetwork;
  rpcUrl: string;
  pollingInterval: number;
  onRetry(): void;
}) {
  const [reading, setReading] = useState<Reading>({ status: 'loading' });
  useEffect(
    () =>
      watchGasFees(createFeeClient(rpcUrl, { pollingInterval }), {
        onFees: (fees) => setReading({ status: 'ready', fees }),
        onError: (error) => setReading({ status: 'failed', error }),
      }),
    [rpcUrl, pollingInterval],
  );
  const { symbol, decimals } = network.nativeCurrency;
  return (
    <div data-testid="latch-GasTracker">
      <ViewHeader title={network.name} description={reading.status === 'ready' ? `Fees at block ${reading.fees.blockNumber}` : undefined} />
      {reading.status === 'failed' ? (
        <div data-testid="gas-tracker-error">
          <Alert variant="error" title="Fees unavailable">
            {reading.error.message}
          </Alert>
          <Button variant="primary" block onClick={onRetry}>
            Try again
          </Button>
        </div>
      ) : reading.status === 'ready' ? (
        <FeeList fees={reading.fees} symbol={symbol} decimals={decimals} />
      ) : (
        <Alert variant="info">Reading fees…</Alert>
      )}
    </div>
  );
}

/** The base fee, then one row per speed: its tip, and what a plain transfer costs with it (no inline style: building blocks only). */
function FeeList({ fees, symbol, decimals }: { fees: GasFees; symbol: string; decimals: number }) {
  return (
    <>
      <ListRow
        label="Base fee"
        description="Burnt per unit of gas in the latest block"
        end={<span data-testid="gas-base-fee">{formatGwei(fees.baseFeePerGas)} gwei</span>}
      />
      <section aria-label="A transfer (21,000 gas) at each speed">
        {SPEEDS.map((speed) => (
          <ListRow
            key={speed}
            label={SPEED_LABELS[speed]}
            description={
              <>
                <span data-testid={`gas-tip-${speed}`}>
                  Tip {formatGwei(fees.tips[speed])} gwei
                  {fees.suggested ? ' (the node’s suggestion)' : ` (${TIP_PERCENTILES[speed]}th percentile)`}
                </span>
                ; a transfer (21,000 gas) costs
              </>
            }
            end={
              <span data-testid={`gas-cost-${speed}`}>
                {formatUnits(fees.transferCost[speed], decimals)} {symbol}
              </span>
            }
          />
        ))}
      </section>
    </>
  );
}
