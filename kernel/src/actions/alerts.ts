import type { KernelContext } from '../context.js';
import { alertsAtom, type AlertMessage } from '../state/atoms.js';

/** §8: each alert is shown once per instance; returns whether this call showed it. */
export function showAlert(ctx: KernelContext, alert: AlertMessage): boolean {
  const state = ctx.store.get(alertsAtom);
  if (state.shownIds.includes(alert.id)) return false;
  ctx.store.set(alertsAtom, { current: alert, shownIds: [...state.shownIds, alert.id] });
  ctx.bus.emit('ALERT', alert);
  return true;
}

export function dismissAlert(ctx: KernelContext): void {
  ctx.store.set(alertsAtom, (s) => ({ shownIds: s.shownIds }));
}
