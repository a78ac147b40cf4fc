import type { Store } from './context.js';
import type { Connector } from './plugins/Connector.js';
import {
  type AccountState,
  type AlertsState,
  accountsAtom,
  activeNamespaceAtom,
  alertsAtom,
  allConnectorsAtom,
  connectionStatusAtom,
  modalAtom,
  type NetworkState,
  namespaceSwitchAtom,
  networksAtom,
  type RouteEntry,
  routerAtom,
  type SendState,
  type SnackState,
  sendAtom,
  snackAtom,
  type TransactionStackEntry,
  transactionStackAtom,
  type View,
} from './state/atoms.js';
import type { CaipNetwork, ChainNamespace, ConnectionStatus } from './types.js';

/** A plain, read-only picture of one instance's state (for non-React hosts and tests). */
export interface ModalSnapshot {
  readonly open: boolean;
  readonly loading: boolean;
  readonly shake: boolean;
  /** The view on top of the modal's history. */
  readonly view: View | undefined;
  readonly history: readonly RouteEntry[];
  readonly transactionStack: readonly TransactionStackEntry[];
  /** The visitor's connection status over every namespace (§4). */
  readonly status: ConnectionStatus;
  readonly activeNamespace: ChainNamespace | undefined;
  readonly activeNetwork: CaipNetwork | undefined;
  /** The active namespace's account. */
  readonly account: AccountState | undefined;
  readonly accounts: Readonly<Partial<Record<ChainNamespace, AccountState>>>;
  readonly networks: Readonly<Partial<Record<ChainNamespace, NetworkState>>>;
  /** Every wallet the modal can list: connector plugins first, then each adapter's. */
  readonly connectors: readonly Connector[];
  readonly isSwitchingNamespace: boolean;
  readonly snack: SnackState;
  readonly alerts: AlertsState;
  readonly send: SendState;
}

export function getSnapshot(store: Store): ModalSnapshot {
  const history = store.get(routerAtom).history;
  const activeNamespace = store.get(activeNamespaceAtom);
  const accounts = store.get(accountsAtom);
  const networks = store.get(networksAtom);
  return {
    ...store.get(modalAtom),
    view: history[history.length - 1]?.view,
    history,
    transactionStack: store.get(transactionStackAtom),
    status: store.get(connectionStatusAtom),
    activeNamespace,
    activeNetwork: activeNamespace ? networks[activeNamespace]?.caipNetwork : undefined,
    account: activeNamespace ? accounts[activeNamespace] : undefined,
    accounts,
    networks,
    connectors: store.get(allConnectorsAtom),
    isSwitchingNamespace: store.get(namespaceSwitchAtom),
    snack: store.get(snackAtom),
    alerts: store.get(alertsAtom),
    send: store.get(sendAtom),
  };
}
