import type { KernelContext } from '../context.js';
import { accountsAtom, routerAtom, transactionStackAtom, type RouteEntry, type TransactionStackEntry, type View } from '../state/atoms.js';
import { closeModal, isConnected } from './modal.js';

/** §9: the Farcaster view is cleaned up this long after leaving it. */
export const FARCASTER_CLEANUP_DELAY_MS = 100;

function history(ctx: KernelContext): readonly RouteEntry[] {
  return ctx.store.get(routerAtom).history;
}

function currentView(ctx: KernelContext): View {
  const h = history(ctx);
  return (h[h.length - 1] as RouteEntry).view;
}

function setHistory(ctx: KernelContext, next: readonly RouteEntry[]): void {
  ctx.store.set(routerAtom, { history: next });
  const top = next[next.length - 1] as RouteEntry;
  ctx.bus.emit('VIEW_CHANGE', { view: top.view, data: top.data });
}

/** §2: pushing the view already shown does nothing. */
export function pushView(ctx: KernelContext, view: View, data?: unknown): void {
  if (currentView(ctx) === view) return;
  setHistory(ctx, [...history(ctx), { view, data }]);
}

/** §2: replacing the top view with itself does nothing. */
export function replaceView(ctx: KernelContext, view: View, data?: unknown): void {
  const h = history(ctx);
  if (currentView(ctx) === view) return;
  setHistory(ctx, [...h.slice(0, -1), { view, data }]);
}

/** §2: history becomes this single entry. */
export function resetView(ctx: KernelContext, view: View, data?: unknown): void {
  setHistory(ctx, [{ view, data }]);
}

/** §2: back from the first view, or out of an UnsupportedChain flow, closes the modal. */
export function goBack(ctx: KernelContext): void {
  const h = history(ctx);
  const leaving = currentView(ctx);
  if (h.length <= 1 || h.some((e) => e.view === 'UnsupportedChain')) {
    closeModal(ctx);
    return;
  }
  setHistory(ctx, h.slice(0, -1));
  if (leaving === 'ConnectingFarcaster' && !isConnected(ctx)) cleanUpFarcaster(ctx);
}

function goBackToIndex(ctx: KernelContext, index: number): void {
  const h = history(ctx);
  if (index < 0 || index >= h.length - 1) return;
  setHistory(ctx, h.slice(0, index + 1));
}

/** §2: forget the half-done Farcaster login, then let the auth connector prepare a fresh one. */
function cleanUpFarcaster(ctx: KernelContext): void {
  ctx.store.set(accountsAtom, (accounts) =>
    Object.fromEntries(Object.entries(accounts).map(([ns, a]) => [ns, a?.farcasterUrl ? { ...a, farcasterUrl: undefined } : a])),
  );
  ctx.later(FARCASTER_CLEANUP_DELAY_MS, () => {
    for (const plugin of ctx.connectorPlugins.values()) {
      if (plugin.type === 'AUTH') void Promise.resolve(plugin.reload?.()).catch(() => undefined);
    }
  });
}

export function pushTransactionStack(ctx: KernelContext, entry: TransactionStackEntry): void {
  ctx.store.set(transactionStackAtom, (stack) => [...stack, entry]);
}

/**
 * §4: finish the newest stacked request. Cancel goes back. Success goes back, or (replace) returns
 * to just before ConnectingSiwe or closes, or resets to the entry's view.
 */
export function popTransactionStack(ctx: KernelContext, outcome: 'success' | 'cancel'): void {
  const stack = ctx.store.get(transactionStackAtom);
  const entry = stack[stack.length - 1];
  if (!entry) return;
  ctx.store.set(transactionStackAtom, stack.slice(0, -1));
  if (outcome === 'cancel') {
    goBack(ctx);
    entry.onCancel?.();
    return;
  }
  if (entry.goBack) {
    goBack(ctx);
  } else if (entry.replace) {
    const siweIndex = history(ctx).findIndex((e) => e.view === 'ConnectingSiwe');
    if (siweIndex > 0) {
      goBackToIndex(ctx, siweIndex - 1);
    } else {
      closeModal(ctx, { force: true });
    }
  } else if (entry.view) {
    resetView(ctx, entry.view);
  }
  entry.onSuccess?.();
}
