import { invalidOption } from '@latch/kernel';
/** The least a swap may pay out: `amountOut` less `slippageBps` basis points, rounded down. */
export function minimumReceived(amountOut: bigint, slippageBps: number): bigint {
  if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > 10_000)
    throw invalidOption('slippageBps must be an integer 0..10000');
  return (amountOut * BigInt(10_000 - slippageBps)) / 10_000n;
}

/** A tolerance typed in percent ('0.5', '1', '2.25') as basis points, or an error to show. */
export function parseSlippage(text: string, max: number): { ok: true; bps: number } | { ok: false; reason: string } {
  const trimmed = text.trim();
  const reason = `Enter a slippage tolerance above 0 and at most ${max} %, with at most 2 decimals.`;
  if (!/^\d{1,2}(\.\d{1,2})?$|^\.\d{1,2}$/.test(trimmed)) return { ok: false, reason };
  const bps = Math.round(Number(trimmed) * 100);
  return bps > 0 && bps <= max * 100 ? { ok: true, bps } : { ok: false, reason };
}
