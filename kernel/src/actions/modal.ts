import type { KernelContext } from '../context.js';
import { accountsAtom, activeAccountAtom, modalAtom, routerAtom, type OpenableView, type RouteEntry } from '../state/atoms.js';

/** §9: how long the "shake" flag stays up. */
export const SHAKE_DURATION_MS = 500;

export interface OpenOptions {
  view?: OpenableView;
  data?: unknown;
}

export interface InitialViewInput {
  hasAdapters: boolean;
  hasAddress: boolean;
  isMobile: boolean;
  manualWCControl: boolean;
  /** A connector plugin brings the ConnectingWalletConnectBasic view (the WalletConnect connector does). */
  hasWalletConnectView: boolean;
  requested?: RouteEntry;
}

/** §2, the four steps that choose the view the modal opens at (step 1's QR view only when a plugin brings it). */
export function chooseInitialView(input: InitialViewInput): RouteEntry {
  if ((!input.hasAdapters || input.manualWCControl) && !input.hasAddress && (input.isMobile || input.hasWalletConnectView)) {
    return { view: input.isMobile ? 'AllWallets' : 'ConnectingWalletConnectBasic' };
  }
  if (input.requested) return input.requested;
  return { view: input.hasAddress ? 'Account' : 'Connect' };
}

/** Whether any namespace has a connected account. */
export function isConnected(ctx: KernelContext): boolean {
  return Object.values(ctx.store.get(accountsAtom)).some((a) => a?.status === 'connected');
}

/** Opens at a view; a plugin's own code may name any view it registered (`{ view: string }`). */
export function openModal(ctx: KernelContext, options: { view?: string; data?: unknown } = {}): void {
  const entry = chooseInitialView({
    hasAdapters: ctx.adapters.size > 0,
    hasAddress: Boolean(ctx.store.get(activeAccountAtom)?.address),
    isMobile: ctx.isMobile(),
    manualWCControl: Boolean(ctx.options.manualWCControl),
    hasWalletConnectView: [...ctx.connectorPlugins.values()].some((p) => p.views?.ConnectingWalletConnectBasic),
    requested: options.view ? { view: options.view, data: options.data } : undefined,
  });
  ctx.store.set(routerAtom, { history: [entry] });
  ctx.bus.emit('VIEW_CHANGE', { view: entry.view, data: entry.data });
  if (ctx.store.get(modalAtom).open) return;
  ctx.store.set(modalAtom, (m) => ({ ...m, open: true }));
  ctx.bus.emit('MODAL_OPEN', { view: entry.view });
}

/**
 * Closes the modal; returns whether it did. §2: refused on ApproveTransaction unless forced; §4: on a
 * required sign-in too.
 * §4: in embedded mode the modal stays and goes to Account (connected) or Connect.
 */
export function closeModal(ctx: KernelContext, { force = false }: { force?: boolean } = {}): boolean {
  const history = ctx.store.get(routerAtom).history;
  const view = history[history.length - 1]?.view;
  // §4: a required sign-in keeps the modal until the visitor signs in or disconnects.
  if (!force && (view === 'ApproveTransaction' || (view === 'SIWXSignMessage' && ctx.options.siwx?.required))) return false;
  const connected = isConnected(ctx);
  if (ctx.options.enableEmbedded) {
    ctx.store.set(routerAtom, { history: [{ view: connected ? 'Account' : 'Connect' }] });
  } else {
    if (!ctx.store.get(modalAtom).open) return false;
    ctx.store.set(modalAtom, (m) => ({ ...m, open: false, loading: false }));
  }
  ctx.bus.emit('MODAL_CLOSE', { connected });
  return true;
}

export function setModalLoading(ctx: KernelContext, loading: boolean): void {
  ctx.store.set(modalAtom, (m) => ({ ...m, loading }));
}

/** Raises the shake flag (a refused action's feedback) and lowers it after SHAKE_DURATION_MS. */
export function shakeModal(ctx: KernelContext): void {
  ctx.store.set(modalAtom, (m) => ({ ...m, shake: true }));
  ctx.later(SHAKE_DURATION_MS, () => ctx.store.set(modalAtom, (m) => ({ ...m, shake: false })));
}
