import type { LatchModal } from '../createModal.js';
import { pluginViewLoader, type ViewLoader, type ViewModule } from './viewCache.js';

export { loadedView, loadView, primeView } from './viewCache.js';
export type { ViewLoader, ViewProps } from './viewCache.js';

/** Every built-in view is its own chunk, loaded the first time the modal shows it. */
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

/** The loader of a view: built-in, or brought by a feature plugin or a connector plugin. */
export function resolveViewLoader(modal: LatchModal, view: string): ViewLoader | undefined {
  return (VIEW_LOADERS as Record<string, ViewLoader>)[view] ?? pluginViewLoader(modal, view);
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
