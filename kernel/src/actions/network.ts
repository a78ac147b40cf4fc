import type { KernelContext } from '../context.js';
import { LatchError } from '../primitives.js';
import { ADAPTER_NOT_FOUND_MESSAGE, NETWORK_NOT_FOUND_ALERT, NETWORK_NOT_FOUND_MESSAGE } from '../errors/messages.js';
import { activeNamespaceAtom, EMPTY_SEND, namespaceSwitchAtom, sendAtom } from '../state/atoms.js';
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../types.js';
import { refreshBalance, refreshIdentity } from './account.js';
import { getAccount, reportError } from './accountState.js';
import { showAlert } from './alerts.js';
import { openModal } from './modal.js';
import { findNetwork, getNetworkState, updateNetworkState } from './networkState.js';

/** §4: the UnsupportedChain view is for apps that switch networks and have a wallet to switch. */
export function shouldShowUnsupportedChain(ctx: KernelContext): boolean {
  const { enableNetworkSwitch, allowUnsupportedChain, manualWCControl } = ctx.options;
  const walletConnectBasic = Boolean(manualWCControl) || ctx.adapters.size === 0;
  return enableNetworkSwitch && !allowUnsupportedChain && !walletConnectBasic;
}

/**
 * Switches the active network; asks the wallet first when one is connected on that namespace.
 * §4: crossing namespaces marks a namespace switch and resets the send form.
 * §5: a network that was not configured raises the Network Not Found alert.
 * The sign-in a new network may need is asked for by visitorActions.ts's switchNetwork, not here: a disconnect
 * (which the sign-in chunk runs) makes a still-connected network active through this module, so this module must
 * not lead to the sign-in chunk.
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
      const connector = account.connector;
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
  updateNetworkState(ctx, ns, { caipNetwork: network, isUnsupported: false, walletCaipNetworkId: undefined });
  ctx.store.set(activeNamespaceAtom, ns);
  ctx.storage.set('activeNamespace', ns);
  ctx.storage.set('activeCaipNetworkId', network.caipNetworkId);
}

/** The wallet moved to another network on its own (§4: a mismatch sets the unsupported state). */
export function handleWalletNetwork(ctx: KernelContext, ns: ChainNamespace, id: CaipNetworkId): void {
  const network = getNetworkState(ctx, ns).requestedCaipNetworks.find((n) => n.caipNetworkId === id || n.deprecatedCaipNetworkId === id);
  if (network) {
    updateNetworkState(ctx, ns, { caipNetwork: network, isUnsupported: false, walletCaipNetworkId: undefined });
    if (ctx.store.get(activeNamespaceAtom) === ns) ctx.storage.set('activeCaipNetworkId', network.caipNetworkId);
    void refreshBalance(ctx, ns);
    void refreshIdentity(ctx, ns);
    return;
  }
  updateNetworkState(ctx, ns, { isUnsupported: true, walletCaipNetworkId: id });
  if (shouldShowUnsupportedChain(ctx)) openModal(ctx, { view: 'UnsupportedChain' });
}
