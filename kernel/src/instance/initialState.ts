import { initialConnectionStatus } from '../actions/initialStatus.js';
import { getNetworkState } from '../actions/networkState.js';
import type { KernelContext } from '../context.js';
import { activeAccountAtom, activeNamespaceAtom, connectionStatusAtom, type NetworkState, networksAtom } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';

function initialNetworks(ctx: KernelContext): void {
  const { networks, defaultNetwork } = ctx.options;
  const storedId = ctx.storage.get('activeCaipNetworkId');
  const active = networks.find((n) => n.caipNetworkId === storedId) ?? defaultNetwork;
  const byNamespace: Partial<Record<ChainNamespace, NetworkState>> = {};
  for (const network of networks) {
    const ns = network.chainNamespace;
    const state = byNamespace[ns] ?? getNetworkState(ctx, ns);
    byNamespace[ns] = { ...state, requestedCaipNetworks: [...state.requestedCaipNetworks, network] };
  }
  for (const [ns, state] of Object.entries(byNamespace) as [ChainNamespace, NetworkState][]) {
    byNamespace[ns] = { ...state, caipNetwork: active.chainNamespace === ns ? active : state.requestedCaipNetworks[0] };
  }
  ctx.store.set(networksAtom, byNamespace);
  ctx.store.set(activeNamespaceAtom, active.chainNamespace);
}

/**
 * The state a page starts in, read from storage: the networks (the stored active one first), the connection status,
 * and the account kept with a session to restore. From then on the connected account is kept with the status.
 */
export function loadInitialState(ctx: KernelContext, teardowns: (() => void)[]): void {
  const { store } = ctx;
  initialNetworks(ctx);
  const status = initialConnectionStatus(ctx.storage.get('connectionStatus'));
  store.set(connectionStatusAtom, status);
  // The account kept with a session to restore (a CAIP-10 id, checked when read): shown until the restore settles.
  if (status === 'connecting') ctx.pending.restoring = ctx.storage.get('activeCaipAddress')?.split(':')[2];
  // The connected account is kept with the status, so a server render can show it (cookie storage).
  teardowns.push(
    store.sub(activeAccountAtom, () => {
      const account = store.get(activeAccountAtom);
      if (account?.status === 'connected' && account.caipAddress) ctx.storage.set('activeCaipAddress', account.caipAddress);
    }),
  );
}
