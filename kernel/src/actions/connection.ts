/*
 * Writing a connection into state: the network it starts on, one namespace connected through its adapter, and
 * which namespace ends up active. Shared by a visitor's connect (connect.ts), a shared session (session.ts) and a
 * restore (reconnect.ts); it imports none of them.
 */
import { formatCaipAddress, LatchError, toLatchError } from '../primitives.js';
import type { KernelContext } from '../context.js';
import { ADAPTER_NOT_FOUND_MESSAGE } from '../errors/messages.js';
import { connectorError } from '../errors/providerMessages.js';
import type { ConnectResult } from '../plugins/ChainAdapter.js';
import type { Connector } from '../plugins/Connector.js';
import { activeNamespaceAtom } from '../state/atoms.js';
import type { AccountEntry, CaipAddress, CaipNetwork, ChainNamespace } from '../types.js';
import { refreshBalance, refreshIdentity } from './account.js';
import { capabilityOf, getAccount, reportError, updateAccount } from './accountState.js';
import { transitionStatus } from './connectionStatus.js';
import { handleWalletNetwork, setActiveNetwork } from './network.js';
import { getNetworkState, updateNetworkState } from './networkState.js';
import { retryableImport } from '../retryableImport.js';

/** The network a connection starts on: the namespace's active one, else its first requested. */
export function startNetwork(ctx: KernelContext, ns: ChainNamespace): CaipNetwork {
  const state = getNetworkState(ctx, ns);
  const network = state.caipNetwork ?? state.requestedCaipNetworks[0];
  if (!network) throw connectorError('CHAIN_NOT_CONFIGURED', ns);
  return network;
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
  try {
    const result = await adapter.connect(connector, { network });
    // Inside the try: a wallet answer the kernel cannot take (a malformed address) fails the connect like a refusal.
    applyConnection(ctx, ns, connector, result, activate);
    return result;
  } catch (err) {
    const error = toLatchError(err, 'CONNECTOR_ERROR');
    transitionStatus(ctx, 'failure', ns);
    ctx.bus.emit('CONNECT_ERROR', { namespace: ns, connectorId: connector.id, error });
    reportError(ctx, error, 'CONNECT_ERROR');
    throw error;
  }
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

/** The explorer page of an address on a network, when the network names an explorer. */
export function explorerUrl(network: CaipNetwork | undefined, address: string): string | undefined {
  const base = network?.blockExplorers?.default.url;
  return base ? `${base.replace(/\/$/, '')}/address/${address}` : undefined;
}

/** Account types (actions/accountType.ts): a chunk loaded for sessions that offer them and wallets that have bundles. */
export const accountTypeChunk = /* @__PURE__ */ retryableImport(() => import('./accountType.js'));

/** The account's type as its wallet reports it (EIP-5792 atomic support), read in the account-type chunk. */
export function readAccountType(ctx: KernelContext, ns: ChainNamespace): void {
  if (capabilityOf(ctx, ns, 'calls')) void accountTypeChunk().then((m) => m.readWalletAccountType(ctx, ns));
}

/**
 * The CAIP-10 id of what the wallet answered. A malformed network id or address there is the wallet's (or its
 * adapter's) bad answer, not the app's option: it fails the connect as a CONNECTOR_ERROR, the option error its cause.
 */
function walletCaipAddress(result: ConnectResult): CaipAddress {
  try {
    return formatCaipAddress(result.caipNetworkId, result.address);
  } catch (err) {
    throw new LatchError((err as Error).message, { category: 'CONNECTOR_ERROR', cause: err });
  }
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
    caipAddress: walletCaipAddress(result),
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
