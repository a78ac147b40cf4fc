import { formatCaipAddress } from '../caip.js';
import type { KernelContext } from '../context.js';
import { LatchError, toLatchError } from '../errors/LatchError.js';
import { ADAPTER_NOT_FOUND_MESSAGE } from '../errors/messages.js';
import { connectorError } from '../errors/providerMessages.js';
import type { AdapterEvent, ConnectResult } from '../plugins/ChainAdapter.js';
import type { Connector } from '../plugins/Connector.js';
import { activeNamespaceAtom, connectorsAtom, modalAtom } from '../state/atoms.js';
import type { AccountEntry, CaipNetwork, ChainNamespace } from '../types.js';
import { refreshBalance, refreshIdentity } from './account.js';
import { capabilityOf, getAccount, reportError, updateAccount } from './accountState.js';
import { transitionStatus } from './connectionStatus.js';
import { clearNamespace, disconnect } from './disconnect.js';
import { closeModal } from './modal.js';
import { handleWalletNetwork, setActiveNetwork } from './network.js';
import { getNetworkState, updateNetworkState } from './networkState.js';
import { sessionPluginOf } from './sessionLookup.js';
import { connectSession } from './session.js';
import { accountsOf, askSignIn, signOutAccounts } from './signInTrigger.js';

/** A connector an adapter listed for a namespace (any namespace when none is given). */
export function findConnector(ctx: KernelContext, id: string, ns?: ChainNamespace): Connector | undefined {
  const all = ctx.store.get(connectorsAtom);
  const lists = ns ? [all[ns] ?? []] : Object.values(all);
  return lists.flatMap((list) => list ?? []).find((c) => c.id === id);
}

/** The network a connection starts on: the namespace's active one, else its first requested. */
export function startNetwork(ctx: KernelContext, ns: ChainNamespace): CaipNetwork {
  const state = getNetworkState(ctx, ns);
  const network = state.caipNetwork ?? state.requestedCaipNetworks[0];
  if (!network) throw connectorError('CHAIN_NOT_CONFIGURED', ns);
  return network;
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

/**
 * One namespace through its adapter, with the connector given (an extension's, or a shared session's). `activate`:
 * it becomes the active namespace (false while connecting several at once, see settleActiveNamespace).
 */
export async function connectNamespace(
  ctx: KernelContext,
  ns: ChainNamespace,
  connector: Connector,
  activate = true,
): Promise<ConnectResult> {
  const adapter = ctx.adapters.get(ns);
  if (!adapter) throw new LatchError(ADAPTER_NOT_FOUND_MESSAGE);
  const current = getAccount(ctx, ns);
  if (current.status === 'connected' && current.connector?.id === connector.id) throw connectorError('ALREADY_CONNECTED', connector.name);
  const network = startNetwork(ctx, ns);
  transitionStatus(ctx, 'connect', ns);
  let result: ConnectResult;
  try {
    result = await adapter.connect(connector, { network });
  } catch (err) {
    const error = toLatchError(err, 'CONNECTOR_ERROR');
    transitionStatus(ctx, 'failure', ns);
    ctx.bus.emit('CONNECT_ERROR', { namespace: ns, connectorId: connector.id, error });
    reportError(ctx, error, 'CONNECT_ERROR');
    throw error;
  }
  applyConnection(ctx, ns, connector, result, activate);
  return result;
}

/**
 * After connecting several namespaces at once (a shared session, a wallet on several namespaces, a restore), not the
 * last one connected becomes active but the first of `wanted` that connected (callers pass the namespace active
 * before, which starts as the default network's), else the default network's, else the first that connected.
 */
export function settleActiveNamespace(
  ctx: KernelContext,
  wanted: readonly (ChainNamespace | undefined)[],
  connected: readonly ChainNamespace[],
): void {
  const ns = [...wanted, ctx.options.defaultNetwork.chainNamespace].find((each) => each && connected.includes(each)) ?? connected[0];
  if (!ns) return;
  const { caipNetwork, isUnsupported } = getNetworkState(ctx, ns);
  makeActive(ctx, ns, isUnsupported ? undefined : caipNetwork);
}

function makeActive(ctx: KernelContext, ns: ChainNamespace, network: CaipNetwork | undefined): void {
  if (network) setActiveNetwork(ctx, network);
  else {
    ctx.store.set(activeNamespaceAtom, ns);
    ctx.storage.set('activeNamespace', ns);
  }
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

function explorerUrl(network: CaipNetwork | undefined, address: string): string | undefined {
  const base = network?.blockExplorers?.default.url;
  return base ? `${base.replace(/\/$/, '')}/address/${address}` : undefined;
}

/** Account types (actions/accountType.ts): a chunk loaded for sessions that offer them and wallets that have bundles. */
export const accountTypeChunk = () => import('./accountType.js');

/** The account's type as its wallet reports it (EIP-5792 atomic support), read in the account-type chunk. */
function readAccountType(ctx: KernelContext, ns: ChainNamespace): void {
  if (capabilityOf(ctx, ns, 'calls')) void accountTypeChunk().then((m) => m.readWalletAccountType(ctx, ns));
}

/** Writes a fresh connection into state and storage (§3 keys), then loads balance and name. */
export function applyConnection(
  ctx: KernelContext,
  ns: ChainNamespace,
  connector: Connector,
  result: ConnectResult,
  activate = true,
): void {
  const requested = getNetworkState(ctx, ns).requestedCaipNetworks;
  const network = requested.find((n) => n.caipNetworkId === result.caipNetworkId || n.deprecatedCaipNetworkId === result.caipNetworkId);
  const accounts: readonly AccountEntry[] = result.accounts?.length ? result.accounts : [{ address: result.address, type: 'eoa' }];
  updateAccount(ctx, ns, {
    status: 'connected',
    address: result.address,
    caipAddress: formatCaipAddress(result.caipNetworkId, result.address),
    allAccounts: accounts,
    connector,
    connectedWalletInfo: { name: connector.name, icon: connector.icon, identifier: connector.id, ...connector.walletInfo },
    socialProvider: connector.walletInfo?.social,
    addressExplorerUrl: explorerUrl(network, result.address),
  });
  if (activate) makeActive(ctx, ns, network);
  else if (network) updateNetworkState(ctx, ns, { caipNetwork: network, isUnsupported: false, walletCaipNetworkId: undefined });
  ctx.storage.setConnectorId(ns, connector.id);
  const stored = ctx.storage.get('connectedNamespaces') ?? [];
  if (!stored.includes(ns)) ctx.storage.set('connectedNamespaces', [...stored, ns]);
  if (connector.type !== 'AUTH') ctx.storage.addRecentWallet({ id: connector.id, name: connector.name, rdns: connector.rdns });
  transitionStatus(ctx, 'success', ns);
  ctx.bus.emit('CONNECT_SUCCESS', { namespace: ns, address: result.address, connectorId: connector.id });
  ctx.bus.emit('ACCOUNT_CHANGE', { namespace: ns, address: result.address });
  if (!network) handleWalletNetwork(ctx, ns, result.caipNetworkId);
  void refreshBalance(ctx, ns);
  void refreshIdentity(ctx, ns);
  // A wallet that is what it is may say it is a smart account (EIP-5792).
  if (!connector.accountTypes) readAccountType(ctx, ns);
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
