import type { KernelContext } from '../context.js';
import { LatchError } from '../errors/LatchError.js';
import { ADAPTER_NOT_FOUND_MESSAGE, NETWORK_NOT_FOUND_ALERT, NETWORK_NOT_FOUND_MESSAGE } from '../errors/messages.js';
import { accountsAtom, activeNamespaceAtom, connectorsAtom, EMPTY_SEND, namespaceSwitchAtom, networksAtom, sendAtom, type NetworkState } from '../state/atoms.js';
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../types.js';
import { getAccount, refreshBalance, refreshIdentity, reportError } from './account.js';
import { showAlert } from './alerts.js';
import { openModal } from './modal.js';

const EMPTY_NETWORK_STATE: NetworkState = {
  requestedCaipNetworks: [],
  approvedCaipNetworkIds: [],
  supportsAllNetworks: false,
  smartAccountEnabledNetworks: [],
  isUnsupported: false,
};

export function getNetworkState(ctx: KernelContext, ns: ChainNamespace): NetworkState {
  return ctx.store.get(networksAtom)[ns] ?? EMPTY_NETWORK_STATE;
}

export function updateNetworkState(ctx: KernelContext, ns: ChainNamespace, patch: Partial<NetworkState>): void {
  ctx.store.set(networksAtom, (all) => ({ ...all, [ns]: { ...(all[ns] ?? EMPTY_NETWORK_STATE), ...patch } }));
}

export function allRequestedNetworks(ctx: KernelContext): CaipNetwork[] {
  return Object.values(ctx.store.get(networksAtom)).flatMap((s) => s?.requestedCaipNetworks ?? []);
}

export function findNetwork(ctx: KernelContext, id: CaipNetworkId | string): CaipNetwork | undefined {
  return allRequestedNetworks(ctx).find((n) => n.caipNetworkId === id || n.deprecatedCaipNetworkId === id);
}

/** §4: the UnsupportedChain view is for apps that switch networks and have a wallet to switch. */
export function shouldShowUnsupportedChain(ctx: KernelContext): boolean {
  const { enableNetworkSwitch, allowUnsupportedChain, manualWCControl } = ctx.options;
  const walletConnectBasic = Boolean(manualWCControl) || ctx.adapters.size === 0;
  return enableNetworkSwitch && !allowUnsupportedChain && !walletConnectBasic;
}

function connectorFor(ctx: KernelContext, ns: ChainNamespace) {
  const id = getAccount(ctx, ns).connectorId;
  const all = ctx.store.get(connectorsAtom);
  return [...(all[ns] ?? []), ...(all.shared ?? [])].find((c) => c.id === id);
}

/**
 * Switches the active network; asks the wallet first when one is connected on that namespace.
 * §4: crossing namespaces marks a namespace switch and resets the send form.
 * §5: a network that was not configured raises the Network Not Found alert.
 */
export async function switchNetwork(ctx: KernelContext, target: CaipNetwork | CaipNetworkId): Promise<void> {
  const id = typeof target === 'string' ? target : target.caipNetworkId;
  const network = findNetwork(ctx, id);
  if (!network) {
    showAlert(ctx, NETWORK_NOT_FOUND_ALERT);
    throw new LatchError(NETWORK_NOT_FOUND_MESSAGE, { category: 'VALIDATION_ERROR' });
  }
  const ns = network.chainNamespace;
  const namespaceSwitch = ctx.store.get(activeNamespaceAtom) !== ns;
  if (namespaceSwitch) {
    ctx.store.set(namespaceSwitchAtom, true);
    ctx.store.set(sendAtom, EMPTY_SEND);
  }
  try {
    const account = getAccount(ctx, ns);
    if (account.status === 'connected') {
      const adapter = ctx.adapters.get(ns);
      if (!adapter) throw new LatchError(ADAPTER_NOT_FOUND_MESSAGE);
      const connector = connectorFor(ctx, ns);
      if (adapter.switchNetwork && connector) await adapter.switchNetwork(network, connector);
    }
  } catch (err) {
    throw reportError(ctx, err, 'SWITCH_NETWORK_ERROR');
  } finally {
    ctx.store.set(namespaceSwitchAtom, false);
  }
  setActiveNetwork(ctx, network);
  ctx.bus.emit('SWITCH_NETWORK', { network, namespaceSwitch });
  void refreshBalance(ctx, ns);
  void refreshIdentity(ctx, ns);
}

/** Records a network as active for its namespace, and the namespace as active, in state and storage. */
export function setActiveNetwork(ctx: KernelContext, network: CaipNetwork): void {
  const ns = network.chainNamespace;
  updateNetworkState(ctx, ns, { caipNetwork: network, isUnsupported: false });
  ctx.store.set(activeNamespaceAtom, ns);
  ctx.storage.set('activeNamespace', ns);
  ctx.storage.set('activeCaipNetworkId', network.caipNetworkId);
}

/** The wallet moved to another network on its own (§4: a mismatch sets the unsupported state). */
export function handleWalletNetwork(ctx: KernelContext, ns: ChainNamespace, id: CaipNetworkId): void {
  const network = getNetworkState(ctx, ns).requestedCaipNetworks.find(
    (n) => n.caipNetworkId === id || n.deprecatedCaipNetworkId === id,
  );
  if (network) {
    updateNetworkState(ctx, ns, { caipNetwork: network, isUnsupported: false });
    if (ctx.store.get(activeNamespaceAtom) === ns) ctx.storage.set('activeCaipNetworkId', network.caipNetworkId);
    void refreshBalance(ctx, ns);
    void refreshIdentity(ctx, ns);
    return;
  }
  updateNetworkState(ctx, ns, { isUnsupported: true });
  if (shouldShowUnsupportedChain(ctx)) openModal(ctx, { view: 'UnsupportedChain' });
}

function requireAdapter(ctx: KernelContext, ns: ChainNamespace): void {
  if (!ctx.adapters.has(ns)) throw new LatchError(ADAPTER_NOT_FOUND_MESSAGE, { category: 'VALIDATION_ERROR' });
}

/** §5: needs an adapter for the namespace; a network is added only if its id is new. */
export function addNetwork(ctx: KernelContext, ns: ChainNamespace, network: CaipNetwork): boolean {
  requireAdapter(ctx, ns);
  const { requestedCaipNetworks } = getNetworkState(ctx, ns);
  if (network.chainNamespace !== ns || requestedCaipNetworks.some((n) => n.caipNetworkId === network.caipNetworkId)) {
    return false;
  }
  updateNetworkState(ctx, ns, { requestedCaipNetworks: [...requestedCaipNetworks, network] });
  return true;
}

/** §4: removing the active network switches to the first one remaining. */
export async function removeNetwork(ctx: KernelContext, ns: ChainNamespace, id: CaipNetworkId): Promise<boolean> {
  requireAdapter(ctx, ns);
  const state = getNetworkState(ctx, ns);
  const remaining = state.requestedCaipNetworks.filter((n) => n.caipNetworkId !== id);
  if (remaining.length === state.requestedCaipNetworks.length) return false;
  const wasActive = state.caipNetwork?.caipNetworkId === id;
  updateNetworkState(ctx, ns, {
    requestedCaipNetworks: remaining,
    ...(wasActive ? { caipNetwork: remaining[0] } : {}),
  });
  const first = remaining[0];
  if (wasActive && first && ctx.store.get(activeNamespaceAtom) === ns) await switchNetwork(ctx, first);
  return true;
}

/** §4: removing the active adapter switches to another chain's first network. */
export async function removeAdapter(ctx: KernelContext, ns: ChainNamespace, teardown?: () => void): Promise<void> {
  requireAdapter(ctx, ns);
  ctx.adapters.delete(ns);
  teardown?.();
  ctx.store.set(connectorsAtom, (all) => ({ ...all, [ns]: [] }));
  const wasActive = ctx.store.get(activeNamespaceAtom) === ns;
  ctx.store.set(networksAtom, (all) => {
    const { [ns]: _removed, ...rest } = all;
    return rest;
  });
  ctx.store.set(accountsAtom, (all) => {
    const { [ns]: _removed, ...rest } = all;
    return rest;
  });
  if (!wasActive) return;
  const next = allRequestedNetworks(ctx)[0];
  if (next) await switchNetwork(ctx, next);
  else ctx.store.set(activeNamespaceAtom, undefined);
}
