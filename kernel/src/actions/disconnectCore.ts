import type { KernelContext } from '../context.js';
import { LatchError, readErrorMessage } from '../primitives.js';
import { FAILED_TO_DISCONNECT_MESSAGE, failedToDisconnectChain } from '../errors/messages.js';
import type { SiwxNamespaceAccount } from '../options.js';
import type { ConnectorPlugin } from '../plugins/ConnectorPlugin.js';
import { accountsAtom, activeNamespaceAtom, EMPTY_ACCOUNT, networksAtom } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';
import { getAccount, reportError } from './accountState.js';
import { connectedNamespaces, transitionStatus } from './connectionStatus.js';
import { setActiveNetwork } from './network.js';
import { updateNetworkState } from './networkState.js';
import { sessionNamespaces, sessionPluginOf } from './sessionLookup.js';
import { showSnack } from './snackbar.js';

/*
 * The disconnect itself, without the sign-in: the sign-in chunk disconnects too (a cancelled required sign-in), so
 * this module imports nothing that loads that chunk. Its caller hands in how the accounts are signed out:
 * disconnect.ts the sign-in trigger, the sign-in chunk its own step. setActiveNetwork stays in network.ts (whose
 * switch leaves the sign-in to its caller for this reason): with it in a module of its own, the sign-in chunk no
 * longer reached network.ts, and the bundler moved the kernel's atoms out of the entry into a chunk of their own
 * that every page preloads (+275 bytes gzip of first load). What counted was reaching alerts.ts through it: importing
 * alerts.ts here alone brought the atoms back into the entry.
 */

/** §4: one namespace also takes along the others on the same shared session; none means all of them. */
export function namespacesToDisconnect(ctx: KernelContext, namespace?: ChainNamespace): ChainNamespace[] {
  if (!namespace) return connectedNamespaces(ctx);
  const plugin = sessionPluginOf(ctx, namespace);
  if (!plugin) return getAccount(ctx, namespace).status === 'connected' ? [namespace] : [];
  return [namespace, ...sessionNamespaces(ctx, plugin).filter((ns) => ns !== namespace)];
}

/** The accounts these namespaces hold (read before a disconnect clears them): what their sign-in sessions can be for. */
export function accountsOf(ctx: KernelContext, namespaces: readonly ChainNamespace[]): SiwxNamespaceAccount[] {
  return namespaces.flatMap((namespace) => {
    const account = getAccount(ctx, namespace);
    const addresses = new Set([account.address, ...account.allAccounts.map((entry) => entry.address)]);
    return [...addresses].flatMap((address) => (address ? [{ namespace, address }] : []));
  });
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

/** How a disconnect ends the sign-in sessions of the accounts it disconnected. */
export type SignOut = (ctx: KernelContext, accounts: readonly SiwxNamespaceAccount[]) => Promise<void>;

/** §4 disconnect: ends the wallets' sessions, clears account, network and connector ids, signs the accounts out; reports success or error. */
export async function disconnectNow(ctx: KernelContext, namespace: ChainNamespace | undefined, signOut: SignOut): Promise<void> {
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
    await signOut(ctx, signedIn);
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
