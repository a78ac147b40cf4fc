import type { KernelContext } from '../context.js';
import { LatchError, readErrorMessage } from '../errors/LatchError.js';
import { FAILED_TO_DISCONNECT_MESSAGE, failedToDisconnectChain } from '../errors/messages.js';
import { isSharedSessionType } from '../plugins/Connector.js';
import { accountsAtom, activeNamespaceAtom, EMPTY_ACCOUNT, networksAtom } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';
import { getAccount, reportError } from './account.js';
import { connectedNamespaces, transitionStatus } from './connectionStatus.js';
import { findConnector } from './connect.js';
import { setActiveNetwork, updateNetworkState } from './network.js';
import { showSnack } from './snackbar.js';

/**
 * §4: one namespace also takes along the others on the same WalletConnect or auth session;
 * no namespace means all of them.
 */
export function namespacesToDisconnect(ctx: KernelContext, namespace?: ChainNamespace): ChainNamespace[] {
  const connected = connectedNamespaces(ctx);
  if (!namespace) return connected;
  const account = getAccount(ctx, namespace);
  if (!account.connectorType || !isSharedSessionType(account.connectorType)) return [namespace];
  const siblings = connected.filter((ns) => {
    const other = getAccount(ctx, ns);
    return ns !== namespace && other.connectorType === account.connectorType && other.connectorId === account.connectorId;
  });
  return [namespace, ...siblings];
}

/** §4: resets the namespace's account and network state and forgets what storage kept for it. */
export function clearNamespace(ctx: KernelContext, ns: ChainNamespace): void {
  const tab = getAccount(ctx, ns).currentTab;
  ctx.store.set(accountsAtom, (all) => ({ ...all, [ns]: { ...EMPTY_ACCOUNT, currentTab: tab } }));
  updateNetworkState(ctx, ns, { approvedCaipNetworkIds: [], isUnsupported: false, smartAccountEnabledNetworks: [] });
  ctx.storage.removeConnectorId(ns);
  ctx.storage.set('connectedNamespaces', (ctx.storage.get('connectedNamespaces') ?? []).filter((n) => n !== ns));
  if (connectedNamespaces(ctx).length === 0) {
    ctx.storage.remove('connectedSocial');
    ctx.storage.remove('connectedSocialUsername');
  }
  // Keep the visitor on a namespace that is still connected, if any.
  if (ctx.store.get(activeNamespaceAtom) === ns) {
    const still = connectedNamespaces(ctx)[0];
    const network = still ? ctx.store.get(networksAtom)[still]?.caipNetwork : undefined;
    if (network) setActiveNetwork(ctx, network);
  }
}

/** §4 disconnect: clears sessions, account, network and connector ids; reports success or error. */
export async function disconnect(ctx: KernelContext, namespace?: ChainNamespace): Promise<void> {
  const targets = namespacesToDisconnect(ctx, namespace);
  const failures: LatchError[] = [];
  await Promise.all(
    targets.map(async (ns) => {
      const account = getAccount(ctx, ns);
      const adapter = ctx.adapters.get(ns);
      const connector = account.connectorId ? findConnector(ctx, account.connectorId, ns) : undefined;
      try {
        if (adapter && connector) await adapter.disconnect(connector);
      } catch (err) {
        failures.push(new LatchError(failedToDisconnectChain(ns, readErrorMessage(err)), { cause: err }));
      }
    }),
  );
  // The visitor asked to leave: local state goes even when a wallet fails to confirm.
  for (const ns of targets) {
    clearNamespace(ctx, ns);
    transitionStatus(ctx, 'disconnect', ns);
  }
  try {
    if (targets.length > 0) await ctx.options.siwx?.setSessions?.([]);
  } catch (err) {
    failures.push(new LatchError(readErrorMessage(err), { cause: err }));
  }
  if (failures.length === 0) {
    ctx.bus.emit('DISCONNECT_SUCCESS', { namespaces: targets });
    return;
  }
  const error = new LatchError(FAILED_TO_DISCONNECT_MESSAGE, { cause: failures.length === 1 ? failures[0] : new AggregateError(failures) });
  ctx.bus.emit('DISCONNECT_ERROR', { error });
  for (const failure of failures) reportError(ctx, failure, 'DISCONNECT_ERROR');
  void showSnack(ctx, FAILED_TO_DISCONNECT_MESSAGE, 'error');
  throw error;
}
