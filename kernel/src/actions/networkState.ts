import type { KernelContext } from '../context.js';
import { LatchError } from '../primitives.js';
import { ADAPTER_NOT_FOUND_MESSAGE } from '../errors/messages.js';
import { validateNetwork } from '../options.js';
import { type NetworkState, networksAtom } from '../state/atoms.js';
import type { CaipNetwork, CaipNetworkId, ChainNamespace } from '../types.js';

/* The networks each namespace asks for: read by everything, changed by addNetwork. */

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

export function requireAdapter(ctx: KernelContext, ns: ChainNamespace): void {
  if (!ctx.adapters.has(ns)) throw new LatchError(ADAPTER_NOT_FOUND_MESSAGE, { category: 'VALIDATION_ERROR' });
}

/**
 * §5: needs an adapter for the namespace; a network is added only if its id is new. The adapter
 * and connector plugins see it at once (their context reads the live list).
 */
export function addNetwork(ctx: KernelContext, ns: ChainNamespace, network: CaipNetwork): boolean {
  requireAdapter(ctx, ns);
  validateNetwork(network);
  const { requestedCaipNetworks } = getNetworkState(ctx, ns);
  if (network.chainNamespace !== ns || requestedCaipNetworks.some((n) => n.caipNetworkId === network.caipNetworkId)) {
    return false;
  }
  updateNetworkState(ctx, ns, { requestedCaipNetworks: [...requestedCaipNetworks, network] });
  return true;
}
