import { atom } from 'jotai/vanilla';
import type { Connector } from '../plugins/Connector.js';
import type {
  AccountEntry,
  AccountType,
  CaipAddress,
  CaipNetwork,
  CaipNetworkId,
  ChainNamespace,
  ConnectionStatus,
  TokenBalance,
  WalletInfo,
} from '../types.js';

/*
 * Atoms are descriptions, not state: each modal instance owns a jotai store (`createStore()` of
 * `jotai/vanilla`) that holds the values, so two instances on one page never share anything.
 * Only kernel actions write them.
 */

export type AccountTab = 'Tokens' | 'NFTs' | 'Activity';

/** §3 account state, per namespace. */
export interface AccountState {
  currentTab: AccountTab;
  status: 'connected' | 'disconnected';
  caipAddress?: CaipAddress;
  address?: string;
  allAccounts: readonly AccountEntry[];
  balance?: string;
  balanceSymbol?: string;
  balanceLoading?: boolean;
  tokenBalance: readonly TokenBalance[];
  profileName?: string;
  profileImage?: string;
  addressExplorerUrl?: string;
  connectedWalletInfo?: WalletInfo;
  /** The connector in use on this namespace: the one place to look it up (sign, switch, disconnect). */
  connector?: Connector;
  preferredAccountType?: AccountType;
  socialProvider?: string;
  user?: { username?: string; email?: string | null };
  farcasterUrl?: string;
  addressLabels: Readonly<Record<string, string>>;
}

/** §3 network state, per namespace. */
export interface NetworkState {
  caipNetwork?: CaipNetwork;
  requestedCaipNetworks: readonly CaipNetwork[];
  approvedCaipNetworkIds: readonly CaipNetworkId[];
  supportsAllNetworks: boolean;
  smartAccountEnabledNetworks: readonly number[];
  /** §4: the wallet is on a network that was not requested. */
  isUnsupported: boolean;
  /** The network the wallet reports when it is not one of the requested ones. */
  walletCaipNetworkId?: CaipNetworkId;
}

export const EMPTY_ACCOUNT: AccountState = Object.freeze({
  currentTab: 'Tokens',
  status: 'disconnected',
  allAccounts: [],
  tokenBalance: [],
  addressLabels: {},
}) as AccountState;

export type BuiltInView =
  | 'Connect'
  | 'Account'
  | 'AllWallets'
  | 'ConnectingExternal'
  | 'ConnectingWalletConnect'
  | 'ConnectingWalletConnectBasic'
  | 'ConnectingFarcaster'
  | 'ConnectingSiwe'
  | 'Networks'
  | 'UnsupportedChain'
  | 'SIWXSignMessage'
  | 'ApproveTransaction'
  | 'RegisterAccountName'
  | 'RegisterAccountNameSuccess'
  | 'Swap'
  | 'WalletSend'
  | 'WalletSendSelectToken'
  | 'WalletSendPreview'
  | 'WalletSendResult'
  | 'WalletReceive';
/** Built-in views plus any a feature plugin registers. */
export type View = BuiltInView | (string & {});

/**
 * Views a plugin package adds to `open({ view })`, declared by merging (no kernel edit):
 * `declare module '@latch/kernel' { interface PluginViews { BuyCrypto: true } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging.
export interface PluginViews {}

/** What `open({ view })` accepts: a built-in view or one a registered plugin package declared; a typo does not compile. */
export type OpenableView = BuiltInView | Extract<keyof PluginViews, string>;

export interface RouteEntry {
  view: View;
  data?: unknown;
}

export interface RouterState {
  /** The last entry is the current view. Never empty. */
  history: readonly RouteEntry[];
}

/** §4 transaction stack entry. */
export interface TransactionStackEntry {
  view?: View;
  goBack?: boolean;
  replace?: boolean;
  onSuccess?: () => void;
  onCancel?: () => void;
}

export interface ModalState {
  open: boolean;
  loading: boolean;
  shake: boolean;
}

export type SnackVariant = 'loading' | 'success' | 'error' | 'info';
export interface SnackState {
  open: boolean;
  message: string;
  variant: SnackVariant;
}

export interface AlertMessage {
  id: string;
  title: string;
  description: string;
}

export interface AlertsState {
  current?: AlertMessage;
  shownIds: readonly string[];
}

/** §3 send state. */
export interface SendState {
  token?: TokenBalance;
  sendTokenAmount?: string;
  receiverAddress?: string;
  receiverProfileImageUrl?: string;
  receiverProfileName?: string;
  networkBalanceInUSD?: string;
  loading: boolean;
  tokenBalances: readonly TokenBalance[];
}

export const EMPTY_SEND: SendState = Object.freeze({ loading: false, tokenBalances: [] }) as SendState;

export const accountsAtom = atom<Readonly<Partial<Record<ChainNamespace, AccountState>>>>({});
export const networksAtom = atom<Readonly<Partial<Record<ChainNamespace, NetworkState>>>>({});
export const activeNamespaceAtom = atom<ChainNamespace | undefined>(undefined);
/** §4: set while a switch crosses namespaces. */
export const namespaceSwitchAtom = atom(false);
export const connectionStatusAtom = atom<ConnectionStatus>('disconnected');
/** Connectors per namespace, as each adapter reports them. */
export const connectorsAtom = atom<Readonly<Partial<Record<ChainNamespace, readonly Connector[]>>>>({});
/** One entry per cross-namespace connector plugin (WalletConnect, embedded wallet…). */
export const pluginConnectorsAtom = atom<readonly Connector[]>([]);
/** Every wallet the modal can list: the plugins' entries, then each namespace's. */
export const allConnectorsAtom = atom((get) => [
  ...get(pluginConnectorsAtom),
  ...Object.values(get(connectorsAtom)).flatMap((list) => list ?? []),
]);
export const modalAtom = atom<ModalState>({ open: false, loading: false, shake: false });
export const routerAtom = atom<RouterState>({ history: [{ view: 'Connect' }] });
export const transactionStackAtom = atom<readonly TransactionStackEntry[]>([]);
export const snackAtom = atom<SnackState>({ open: false, message: '', variant: 'info' });
export const alertsAtom = atom<AlertsState>({ shownIds: [] });
export const sendAtom = atom<SendState>(EMPTY_SEND);

/** Derived: the active namespace's account and network, the way the UI mostly reads them. */
export const activeAccountAtom = atom((get) => {
  const ns = get(activeNamespaceAtom);
  return ns ? get(accountsAtom)[ns] : undefined;
});
export const activeNetworkAtom = atom((get) => {
  const ns = get(activeNamespaceAtom);
  return ns ? get(networksAtom)[ns]?.caipNetwork : undefined;
});
export const currentViewAtom = atom((get) => {
  const history = get(routerAtom).history;
  return history[history.length - 1] as RouteEntry;
});

/** Every atom whose change should reach `subscribe` listeners. */
export const OBSERVED_ATOMS = [
  accountsAtom,
  networksAtom,
  activeNamespaceAtom,
  namespaceSwitchAtom,
  connectionStatusAtom,
  connectorsAtom,
  pluginConnectorsAtom,
  modalAtom,
  routerAtom,
  transactionStackAtom,
  snackAtom,
  alertsAtom,
  sendAtom,
] as const;
