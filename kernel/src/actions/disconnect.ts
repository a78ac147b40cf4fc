import type { KernelContext } from '../context.js';
import { LatchError, readErrorMessage } from '../errors/LatchError.js';
import { FAILED_TO_DISCONNECT_MESSAGE, failedToDisconnectChain } from '../errors/messages.js';
import type { ConnectorPlugin } from '../plugins/ConnectorPlugin.js';
import { accountsAtom, activeNamespaceAtom, EMPTY_ACCOUNT, networksAtom } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';
import { getAccount, reportError } from './accountState.js';
import { connectedNamespaces, transitionStatus } from './connectionStatus.js';
import { setActiveNetwork } from './network.js';
import { updateNetworkState } from './networkState.js';
import { endOnce, sessionNamespaces, sessionPluginOf } from './sessionLookup.js';
import { accountsOf, signOutAccounts } from './signInTrigger.js';
import { showSnack } from './snackbar.js';

/** §4: one namespace also takes along the others on the same shared session; none means all of them. */
export function namespacesToDisconnect(ctx: KernelContext, namespace?: ChainNamespace): ChainNamespace[] {
  if (!namespace) return connectedNamespaces(ctx);
  const plugin = sessionPluginOf(ctx, namespace);
  if (!plugin) return getAccount(ctx, namespace).status === 'connected' ? [namespace] : [];
  return [namespace, ...sessionNamespaces(ctx, plugin).filter((ns) => ns !== namespace)];
}

/** §4: resets the namespace's account and network state and forgets what storage kept for it. */
export function clearNamespace(ctx: KernelContext, ns: ChainNamespace): void {
  const tab = getAccount(ctx, ns).currentTab;
  ctx.store.set(accountsAtom, (all) => ({ ...all, [ns]: { ...EMPTY_ACCOUNT, currentTab: tab } }));
  updateNetworkState(ctx, ns, {
    approvedCaipNetworkIds: [],
    isUnsupported: false,
    walletCaipNetworkId: undefined,
    smartAccountEnabledNetworks: [],
  });
  ctx.storage.removeConnectorId(ns);
  ctx.storage.set(
    'connectedNamespaces',
    (ctx.storage.get('connectedNamespaces') ?? []).filter((n) => n !== ns),
  );
  // Keep the visitor on a namespace that is still connected, if any.
  if (ctx.store.get(activeNamespaceAtom) === ns) {
    const still = connectedNamespaces(ctx)[0];
    const network = still ? ctx.store.get(networksAtom)[still]?.caipNetwork : undefined;
    if (network) setActiveNetwork(ctx, network);
  }
}

/** §4 disconnect: ends the wallets' sessions, clears account, network and connector ids; reports success or error. */
export function disconnect(ctx: KernelContext, namespace?: ChainNamespace): Promise<void> {
  const plugin = namespace === undefined ? undefined : sessionPluginOf(ctx, namespace);
  return plugin ? endOnce(ctx, plugin, () => disconnectNow(ctx, namespace)) : disconnectNow(ctx, namespace);
}

async function disconnectNow(ctx: KernelContext, namespace?: ChainNamespace): Promise<void> {
  const targets = namespacesToDisconnect(ctx, namespace);
  const signedIn = accountsOf(ctx, targets);
  const failures: LatchError[] = [];
  const sessions = new Set<ConnectorPlugin>();
  await Promise.all(
    targets.map(async (ns) => {
      const connector = getAccount(ctx, ns).connector;
      const plugin = sessionPluginOf(ctx, ns);
      if (plugin) sessions.add(plugin);
      try {
        if (connector) await ctx.adapters.get(ns)?.disconnect(connector);
      } catch (err) {
        failures.push(new LatchError(failedToDisconnectChain(ns, readErrorMessage(err)), { cause: err }));
      }
    }),
  );
  for (const plugin of sessions) {
    try {
      await plugin.disconnect();
    } catch (err) {
      failures.push(new LatchError(failedToDisconnectChain(plugin.name, readErrorMessage(err)), { cause: err }));
    }
  }
  // The visitor asked to leave: local state goes even when a wallet fails to confirm.
  for (const ns of targets) {
    clearNamespace(ctx, ns);
    transitionStatus(ctx, 'disconnect', ns);
  }
  try {
    // §4: these accounts' sign-in sessions go; those of the namespaces still connected stay.
    await signOutAccounts(ctx, signedIn);
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
