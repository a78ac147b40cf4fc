import type { KernelContext } from '../context.js';
import { accountsAtom, activeNamespaceAtom, connectorsAtom, networksAtom } from '../state/atoms.js';
import type { CaipNetworkId, ChainNamespace } from '../types.js';
import { getAccount } from './accountState.js';
import { listConnectorPlugins } from './connectors.js';
import type { disconnect } from './disconnect.js';
import type { switchNetwork } from './network.js';
import { allRequestedNetworks, getNetworkState, requireAdapter, updateNetworkState } from './networkState.js';

/*
 * Taking networks and adapters away at run time: rare host calls, a chunk of their own loaded when first made. The
 * visitor-actions chunk hands in its disconnect and switch, so this chunk imports nothing of it.
 */
export interface RemovalSteps {
  disconnect: typeof disconnect;
  switchNetwork: typeof switchNetwork;
}

/** §4: removing the active network switches to the first one remaining. */
export async function removeNetwork(
  ctx: KernelContext,
  ns: ChainNamespace,
  id: CaipNetworkId,
  { switchNetwork }: RemovalSteps,
): Promise<boolean> {
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

/**
 * Unregisters a namespace's adapter: a connected wallet there is disconnected first, then the
 * adapter's teardown runs (its wallets never come back). §4: if it was the active namespace,
 * another chain's first network becomes active.
 */
export async function removeAdapter(ctx: KernelContext, ns: ChainNamespace, { disconnect, switchNetwork }: RemovalSteps): Promise<void> {
  requireAdapter(ctx, ns);
  if (getAccount(ctx, ns).status === 'connected') await disconnect(ctx, ns).catch(() => undefined);
  ctx.adapters.delete(ns);
  ctx.adapterTeardowns.get(ns)?.();
  ctx.adapterTeardowns.delete(ns);
  ctx.store.set(connectorsAtom, (all) => {
    const { [ns]: _removed, ...rest } = all;
    return rest;
  });
  listConnectorPlugins(ctx);
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
