import type { ComponentType } from 'react';
import type { LatchModal } from '../createModal.js';
import type { ModalHost } from './ViewHost.js';
import { retryableImport } from '@latch/kernel';
import { getInternals } from '@latch/kernel/internal';

export interface ViewProps {
  modal: LatchModal;
  data?: unknown;
  /** The modal's hosts of lazily loaded parts (ViewHost.tsx says why they are handed down, not imported). */
  host: ModalHost;
}

type ViewModule = { default: ComponentType<ViewProps> };

/**
 * Every built-in view is its own chunk, loaded the first time the modal shows it. No view imports this module back
 * (they get what they render from the `host` prop), so it lives in the modal shell's chunk, which opening the modal
 * loads anyway.
 */
export const VIEW_LOADERS = {
  Connect: () => import('../views/ConnectView.js') as Promise<ViewModule>,
  AllWallets: () => import('../views/AllWalletsView.js') as Promise<ViewModule>,
  ConnectingExternal: () => import('../views/ConnectingExternalView.js') as Promise<ViewModule>,
  Account: () => import('../views/AccountView.js') as Promise<ViewModule>,
  Networks: () => import('../views/NetworksView.js') as Promise<ViewModule>,
  UnsupportedChain: () => import('../views/UnsupportedChainView.js') as Promise<ViewModule>,
  WalletSend: () => import('../views/send/WalletSendView.js') as Promise<ViewModule>,
  WalletSendSelectToken: () => import('../views/send/WalletSendSelectTokenView.js') as Promise<ViewModule>,
  WalletSendPreview: () => import('../views/send/WalletSendPreviewView.js') as Promise<ViewModule>,
  WalletSendResult: () => import('../views/send/WalletSendResultView.js') as Promise<ViewModule>,
  WalletReceive: () => import('../views/WalletReceiveView.js') as Promise<ViewModule>,
  SIWXSignMessage: () => import('../views/SIWXSignMessageView.js') as Promise<ViewModule>,
} satisfies Record<string, () => Promise<ViewModule>>;

export type ViewLoader = () => Promise<ViewModule>;

/*
 * Loaded view modules, keyed by loader. Views render straight from here once loaded: a
 * React.lazy/Suspense pair would hold even an already-fetched view behind React's ~300 ms
 * fallback throttle, which is the difference between a 10 ms and a 300 ms open.
 */
const loadedViews = new WeakMap<ViewLoader, ViewModule>();
// Each loader wrapped: callers share one load, and "Try again" after a failed fetch loads the view anew (retryableImport
// says why).
const loading = new WeakMap<ViewLoader, ViewLoader>();

export function loadedView(loader: ViewLoader): ViewModule | undefined {
  return loadedViews.get(loader);
}

/** Records a view that arrived with the modal shell, so its first render needs no request. */
export function primeView(loader: ViewLoader, module: ViewModule): void {
  loadedViews.set(loader, module);
}

export function loadView(loader: ViewLoader): Promise<ViewModule> {
  const done = loadedViews.get(loader);
  if (done) return Promise.resolve(done);
  const load = loading.get(loader) ?? retryableImport(loader);
  loading.set(loader, load);
  return load().then((module) => {
    loadedViews.set(loader, module);
    return module;
  });
}

/** The loader of a view: built-in, or brought by a feature plugin or a connector plugin. */
export function resolveViewLoader(modal: LatchModal, view: string): ViewLoader | undefined {
  const builtIn = (VIEW_LOADERS as Record<string, ViewLoader>)[view];
  const fromPlugin = modal.options.plugins?.map((p) => getInternals(modal).getPlugin(p.id)?.views?.[view]).find(Boolean);
  const fromConnector = modal.options.connectors?.map((c) => c.views?.[view]).find(Boolean);
  return builtIn ?? ((fromPlugin ?? fromConnector) as ViewLoader | undefined);
}

/** A view's name spaced ('WalletSend' → 'Wallet Send'): the title of a view nobody titled. */
export const untitledName = (view: string) => view.replace(/([a-z])([A-Z])/g, '$1 $2');

/** Each view's accessible name, shown as the dialog's title; `undefined` for a view nobody titled. */
export function viewTitle(view: string, data: unknown): string | undefined {
  switch (view) {
    case 'Connect':
      return 'Connect Wallet';
    case 'AllWallets':
      return 'All Wallets';
    case 'ConnectingExternal':
    case 'ConnectingWalletConnect':
      return (data as { name?: string } | undefined)?.name ?? 'Connecting';
    case 'ConnectingWalletConnectBasic':
      return 'WalletConnect';
    case 'Account':
      return 'Account';
    case 'Networks':
      return 'Choose Network';
    case 'UnsupportedChain':
      return 'Switch Network';
    case 'WalletSend':
      return 'Send';
    case 'WalletSendSelectToken':
      return 'Select Token';
    case 'WalletSendPreview':
      return 'Review Send';
    case 'WalletSendResult':
      return 'Send';
    case 'WalletReceive':
      return 'Receive';
    case 'SIWXSignMessage':
      return 'Sign In';
    case 'RegisterAccountName':
      return 'Choose a Name';
    case 'RegisterAccountNameSuccess':
      return 'Name Registered';
    default: {
      // A plugin's view is titled by its route data (`{ title }`, given where it is opened).
      const title = (data as { title?: unknown } | undefined)?.title;
      return typeof title === 'string' && title ? title : undefined;
    }
  }
}
