import { formatBalance, formatExactAmount, formatUnits } from '@latch/kernel';
import type { SwapQuote, SwapToken } from './types.js';

/** Whole units for display: §9 3 decimals, truncated, with the symbol. */
export const show = (units: bigint, token: SwapToken) => formatBalance(formatUnits(units, token.decimals), token.symbol);

function percent(fraction: number): string {
  const value = fraction * 100;
  return value > 0 && value < 0.01 ? '< 0.01 %' : `${value.toFixed(2)} %`;
}

/** The quote's terms: price impact, the pools' fee, the minimum at the tolerance, the route. */
export function QuoteSummary({ quote, from, to, slippage }: { quote: SwapQuote; from: SwapToken; to: SwapToken; slippage: string }) {
  return (
    <div className="summary" data-testid="latch-swap-quote">
      <div className="line">
        <span>Price impact</span>
        <span data-testid="latch-swap-impact">{quote.priceImpact === undefined ? 'Unknown' : percent(quote.priceImpact)}</span>
      </div>
      <div className="line">
        <span>Fee</span>
        {/* Every digit: a fee cut to §9's 3 decimals would read 0.000 for 0.0009. */}
        <span data-testid="latch-swap-fee">
          {quote.fee === undefined ? 'Unknown' : formatExactAmount(quote.fee, from.decimals, from.symbol)}
        </span>
      </div>
      <div className="line">
        <span>Minimum received ({slippage} %)</span>
        <span data-testid="latch-swap-minimum">{show(quote.minimumOut, to)}</span>
      </div>
      <div className="line">
        <span>Route</span>
        <span>{quote.route}</span>
      </div>
    </div>
  );
}
