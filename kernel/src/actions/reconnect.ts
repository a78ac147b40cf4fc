import type { KernelContext } from '../context.js';
import { CHAIN_NAMESPACES, type ChainNamespace } from '../types.js';
import { reportError } from './account.js';
import { applyConnection, startNetwork } from './connect.js';
import { connectedNamespaces, transitionStatus } from './connectionStatus.js';
import { getNetworkState } from './network.js';

/** Namespaces with a stored connector, the most recently used wallet first (§4). */
export function reconnectOrder(ctx: KernelContext): { ns: ChainNamespace; connectorId: string }[] {
  const recent = (ctx.storage.get('recentWallets') ?? []).map((w) => w.id);
  const rank = (id: string) => (recent.includes(id) ? recent.indexOf(id) : recent.length);
  return CHAIN_NAMESPACES.flatMap((ns) => {
    const connectorId = ctx.storage.getConnectorId(ns);
    return connectorId && ctx.adapters.has(ns) ? [{ ns, connectorId }] : [];
  }).sort((a, b) => rank(a.connectorId) - rank(b.connectorId));
}

/**
 * §4: restores stored sessions silently (no wallet popup). Runs once at a time: a second call
 * while one runs returns the same promise.
 */
export function reconnect(ctx: KernelContext): Promise<void> {
  if (ctx.pending.reconnect) return ctx.pending.reconnect;
  const run = (async () => {
    const order = reconnectOrder(ctx);
    if (order.length === 0) {
      transitionStatus(ctx, 'failure');
      return;
    }
    transitionStatus(ctx, 'reconnect');
    for (const { ns, connectorId } of order) {
      const adapter = ctx.adapters.get(ns);
      if (!adapter?.reconnect || connectedNamespaces(ctx).includes(ns)) continue;
      const storedId = ctx.storage.get('activeCaipNetworkId');
      const stored = getNetworkState(ctx, ns).requestedCaipNetworks.find((n) => n.caipNetworkId === storedId);
      try {
        const restored = await adapter.reconnect(connectorId, { network: stored ?? startNetwork(ctx, ns) });
        if (restored) applyConnection(ctx, ns, restored.connector, restored.result);
        else ctx.storage.removeConnectorId(ns);
      } catch (err) {
        ctx.storage.removeConnectorId(ns);
        reportError(ctx, err, 'RECONNECT_ERROR');
      }
    }
    transitionStatus(ctx, connectedNamespaces(ctx).length > 0 ? 'success' : 'failure');
  })().finally(() => {
    ctx.pending.reconnect = undefined;
  });
  ctx.pending.reconnect = run;
  return run;
}
