import type { TokenBalance } from '@latch/kernel';
import type { LatchModal } from '../../createModal.js';

/**
 * §9 fiat (2 decimals) of an amount of a token, or undefined when no price is known: with no price
 * service configured fiat is hidden, never shown as a made-up 0.
 */
export function fiatOf(modal: LatchModal, token: TokenBalance | undefined, amount: string | number): string | undefined {
  const price = token?.price;
  const quantity = Number(amount);
  if (typeof price !== 'number' || !(price > 0) || !Number.isFinite(quantity)) return undefined;
  const currency = modal.options.dataServices?.prices?.currency ?? 'USD';
  try {
    return new Intl.NumberFormat(undefined, { style: 'currency', currency, minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
      quantity * price,
    );
  } catch {
    return `${(quantity * price).toFixed(2)} ${currency}`;
  }
}
