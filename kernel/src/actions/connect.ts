import { formatCaipAddress, LatchError, toLatchError } from '../primitives.js';
import type { KernelContext } from '../context.js';
import type { AdapterEvent, ConnectResult } from '../plugins/ChainAdapter.js';
import type { Connector } from '../plugins/Connector.js';
import { activeNamespaceAtom, connectorsAtom, modalAtom } from '../state/atoms.js';
import type { AccountEntry, ChainNamespace } from '../types.js';
import { refreshBalance, refreshIdentity } from './account.js';
import { getAccount, reportError, updateAccount } from './accountState.js';
import { transitionStatus } from './connectionStatus.js';
import { disconnect } from './disconnect.js';
import { accountsOf, clearNamespace } from './disconnectCore.js';
import { closeModal } from './modal.js';
import { handleWalletNetwork } from './network.js';
import { getNetworkState } from './networkState.js';
import { sessionPluginOf } from './sessionLookup.js';
import { connectSession } from './session.js';
import { connectNamespace, explorerUrl, readAccountType, settleActiveNamespace } from './connection.js';
import { askSignIn, signOutAccounts } from './signInTrigger.js';

/** A connector an adapter listed for a namespace (any namespace when none is given). */
export function findConnector(ctx: KernelContext, id: string, ns?: ChainNamespace): Connector | undefined {
  const all = ctx.store.get(connectorsAtom);
  const lists = ns ? [all[ns] ?? []] : Object.values(all);
  return lists.flatMap((list) => list ?? []).find((c) => c.id === id);
}

/**
 * Connects a wallet: a connector plugin opens its shared session on every namespace it serves;
 * an adapter's connector connects its own namespace (or `namespace`). On success the namespace
 * becomes active and the modal closes, unless `keepOpen`.
 */
export async function connectWallet(
  ctx: KernelContext,
  connectorId: string,
  { namespace, keepOpen = false, activate = true }: { namespace?: ChainNamespace; keepOpen?: boolean; activate?: boolean } = {},
): Promise<ConnectResult> {
  const plugin = ctx.connectorPlugins.get(connectorId);
  if (plugin) {
    const outcome = await connectSession(ctx, plugin, namespace);
    if (!keepOpen)
      finishConnecting(
        ctx,
        outcome.connected.map((c) => c.namespace),
      );
    return outcome.primary;
  }
  const connector = findConnector(ctx, connectorId, namespace);
  if (!connector) throw new LatchError(`Connector '${connectorId}' not found`, { category: 'CONNECTOR_ERROR' });
  const ns = namespace ?? connector.chain;
  const result = await connectNamespace(ctx, ns, connector, activate);
  if (!keepOpen) finishConnecting(ctx, [ns]);
  return result;
}

/** After a connection: close the modal (embedded mode: go to Account), unless UnsupportedChain or a sign-in took over. */
export function finishConnecting(ctx: KernelContext, namespaces: readonly ChainNamespace[]): void {
  if (namespaces.some((ns) => getNetworkState(ctx, ns).isUnsupported)) return;
  const close = () => {
    if (ctx.store.get(modalAtom).open || ctx.options.enableEmbedded) closeModal(ctx);
  };
  // §4: with sign-in configured, the modal goes on to SIWXSignMessage unless a session covers the account.
  if (ctx.options.siwx) void askSignIn(ctx).then((asked) => asked || close(), close);
  else close();
}

export interface ConnectTarget {
  connectorId: string;
  namespace: ChainNamespace;
}

export interface ConnectManyResult {
  connected: { namespace: ChainNamespace; result: ConnectResult }[];
  failed: { namespace: ChainNamespace; error: LatchError }[];
}

/**
 * §3 merged multi-chain connector: one wallet, several namespaces, connected one after the other.
 * Throws only when none connects; a namespace the visitor declined is reported, the rest kept.
 */
export async function connectWallets(ctx: KernelContext, targets: readonly ConnectTarget[]): Promise<ConnectManyResult> {
  const outcome: ConnectManyResult = { connected: [], failed: [] };
  const active = ctx.store.get(activeNamespaceAtom);
  for (const target of targets) {
    try {
      const result = await connectWallet(ctx, target.connectorId, { namespace: target.namespace, keepOpen: true, activate: false });
      outcome.connected.push({ namespace: target.namespace, result });
    } catch (err) {
      outcome.failed.push({ namespace: target.namespace, error: toLatchError(err, 'CONNECTOR_ERROR') });
    }
  }
  const first = outcome.failed[0];
  if (outcome.connected.length === 0 && first) throw first.error;
  settleActiveNamespace(
    ctx,
    [active],
    outcome.connected.map((c) => c.namespace),
  );
  finishConnecting(
    ctx,
    outcome.connected.map((c) => c.namespace),
  );
  return outcome;
}

/** What a wallet reports on its own: a new account, a new network, or the end of the session. */
export function handleAdapterEvent(ctx: KernelContext, ns: ChainNamespace, event: AdapterEvent): void {
  const account = getAccount(ctx, ns);
  if (account.status !== 'connected') return;
  if (event.type === 'disconnected' || (event.type === 'accountsChanged' && event.accounts.length === 0)) {
    // §4: a shared session does not live on half-ended; one namespace's end is the session's end.
    if (sessionPluginOf(ctx, ns)) {
      void disconnect(ctx, ns).catch(() => undefined);
      return;
    }
    const signedIn = accountsOf(ctx, [ns]);
    clearNamespace(ctx, ns);
    transitionStatus(ctx, 'disconnect', ns);
    ctx.bus.emit('DISCONNECT_SUCCESS', { namespaces: [ns] });
    // The wallet ended it: the server forgets this account's sign-in too.
    void signOutAccounts(ctx, signedIn).catch((err: unknown) => reportError(ctx, err, 'DISCONNECT_ERROR'));
    return;
  }
  if (event.type === 'networkChanged') {
    handleWalletNetwork(ctx, ns, event.caipNetworkId);
    if (account.address) updateAccount(ctx, ns, { caipAddress: formatCaipAddress(event.caipNetworkId, account.address) });
    void askSignIn(ctx);
    return;
  }
  const first = event.accounts[0] as AccountEntry;
  if (first.address === account.address) return;
  const caipNetworkId = getNetworkState(ctx, ns).caipNetwork?.caipNetworkId;
  updateAccount(ctx, ns, {
    address: first.address,
    allAccounts: event.accounts,
    ...(caipNetworkId ? { caipAddress: formatCaipAddress(caipNetworkId, first.address) } : {}),
    balance: undefined,
    profileName: undefined,
    profileImage: undefined,
    addressExplorerUrl: explorerUrl(getNetworkState(ctx, ns).caipNetwork, first.address),
  });
  ctx.bus.emit('ACCOUNT_CHANGE', { namespace: ns, address: first.address });
  void refreshBalance(ctx, ns);
  void refreshIdentity(ctx, ns);
  // The new account's type is the wallet's to say (a chain without smart-account support moves a session to its key).
  readAccountType(ctx, ns);
  void askSignIn(ctx);
}
