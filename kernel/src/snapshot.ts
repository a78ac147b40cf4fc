import type { Store } from './context.js';
import {
  accountsAtom,
  activeNamespaceAtom,
  alertsAtom,
  connectionStatusAtom,
  connectorsAtom,
  modalAtom,
  namespaceSwitchAtom,
  networksAtom,
  routerAtom,
  sendAtom,
  snackAtom,
  transactionStackAtom,
} from './state/atoms.js';

/** A plain, read-only picture of one instance's state (for non-React hosts and tests). */
export function getSnapshot(store: Store) {
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
    connectors: store.get(connectorsAtom),
    isSwitchingNamespace: store.get(namespaceSwitchAtom),
    snack: store.get(snackAtom),
    alerts: store.get(alertsAtom),
    send: store.get(sendAtom),
  };
}

export type ModalSnapshot = ReturnType<typeof getSnapshot>;
