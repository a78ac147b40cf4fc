import type { KernelContext } from '../context.js';
import { snackAtom, type SnackVariant } from '../state/atoms.js';

/** §9: a snack shown while another is open waits this long after closing it. */
export const SNACK_SWAP_DELAY_MS = 150;

/** §4: showing while one is open first closes it, waits, then shows the new one. */
export async function showSnack(ctx: KernelContext, message: string, variant: SnackVariant): Promise<void> {
  if (ctx.store.get(snackAtom).open) {
    hideSnack(ctx);
    await ctx.sleep(SNACK_SWAP_DELAY_MS);
  }
  const next = { open: true, message, variant };
  ctx.store.set(snackAtom, next);
  ctx.bus.emit('SNACKBAR', next);
}

export function hideSnack(ctx: KernelContext): void {
  ctx.store.set(snackAtom, (s) => ({ ...s, open: false }));
}
