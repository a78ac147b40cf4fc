import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { LatchModal } from '../createModal.js';

export interface ViewProps {
  modal: LatchModal;
  data?: unknown;
}

type ViewModule = { default: ComponentType<ViewProps> };

/** Every built-in view is its own chunk, loaded the first time the modal shows it. */
export const VIEW_LOADERS = {
  Connect: () => import('../views/ConnectView.js') as Promise<ViewModule>,
  AllWallets: () => import('../views/AllWalletsView.js') as Promise<ViewModule>,
  ConnectingExternal: () => import('../views/ConnectingExternalView.js') as Promise<ViewModule>,
  Account: () => import('../views/AccountView.js') as Promise<ViewModule>,
  Networks: () => import('../views/NetworksView.js') as Promise<ViewModule>,
  UnsupportedChain: () => import('../views/UnsupportedChainView.js') as Promise<ViewModule>,
} satisfies Record<string, () => Promise<ViewModule>>;

// Keyed by loader, so a view keeps one component identity (and its loaded chunk) across renders.
const lazyByLoader = new WeakMap<() => Promise<ViewModule>, LazyExoticComponent<ComponentType<ViewProps>>>();

/** The component for a view: built-in, or registered by a feature plugin. */
export function resolveView(modal: LatchModal, view: string): LazyExoticComponent<ComponentType<ViewProps>> | undefined {
  const builtIn = (VIEW_LOADERS as Record<string, () => Promise<ViewModule>>)[view];
  const fromPlugin = modal.options.plugins?.map((p) => modal.getPlugin(p.id)?.views?.[view]).find(Boolean);
  const loader = builtIn ?? (fromPlugin as (() => Promise<ViewModule>) | undefined);
  if (!loader) return undefined;
  let component = lazyByLoader.get(loader);
  if (!component) {
    component = lazy(loader);
    lazyByLoader.set(loader, component);
  }
  return component;
}

/** Each view's accessible name, shown as the dialog's title. */
export function viewTitle(view: string, data: unknown): string {
  switch (view) {
    case 'Connect':
      return 'Connect Wallet';
    case 'AllWallets':
      return 'All Wallets';
    case 'ConnectingExternal':
      return (data as { name?: string } | undefined)?.name ?? 'Connecting';
    case 'Account':
      return 'Account';
    case 'Networks':
      return 'Choose Network';
    case 'UnsupportedChain':
      return 'Switch Network';
    default:
      return view.replace(/([a-z])([A-Z])/g, '$1 $2');
  }
}
