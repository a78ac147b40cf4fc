import type { KernelContext } from '../context.js';
import type { ChainNamespace } from '../types.js';
import { reportError } from './accountState.js';
import { activeNamespaceAtom } from '../state/atoms.js';
import { applyConnection, settleActiveNamespace, startNetwork } from './connection.js';
import { connectedNamespaces, transitionStatus } from './connectionStatus.js';
import { getNetworkState } from './networkState.js';
import { restoreSession } from './session.js';
import { askSignIn } from './signInTrigger.js';

/** Namespaces with a stored connector, the most recently used wallet first (§4). */
export function reconnectOrder(ctx: KernelContext): { ns: ChainNamespace; connectorId: string }[] {
  const recent = (ctx.storage.get('recentWallets') ?? []).map((w) => w.id);
  const rank = (id: string) => (recent.includes(id) ? recent.indexOf(id) : recent.length);
  return [...ctx.adapters.keys()]
    .flatMap((ns) => {
      const connectorId = ctx.storage.getConnectorId(ns);
      return connectorId ? [{ ns, connectorId }] : [];
    })
    .sort((a, b) => rank(a.connectorId) - rank(b.connectorId));
}

async function reconnectNamespace(ctx: KernelContext, ns: ChainNamespace, connectorId: string): Promise<void> {
  const adapter = ctx.adapters.get(ns);
  if (!adapter?.reconnect) return;
  const storedId = ctx.storage.get('activeCaipNetworkId');
  const stored = getNetworkState(ctx, ns).requestedCaipNetworks.find((n) => n.caipNetworkId === storedId);
  try {
    const restored = await adapter.reconnect(connectorId, { network: stored ?? startNetwork(ctx, ns) });
    if (restored) applyConnection(ctx, ns, restored.connector, restored.result, false);
    else ctx.storage.removeConnectorId(ns);
  } catch (err) {
    ctx.storage.removeConnectorId(ns);
    reportError(ctx, err, 'RECONNECT_ERROR');
  }
}

/**
 * §4: restores stored sessions silently (no wallet popup). Runs once at a time: a second call
 * while one runs returns the same promise. A shared session is restored once for all its namespaces.
 */
export function reconnect(ctx: KernelContext): Promise<void> {
  if (ctx.pending.reconnect) return ctx.pending.reconnect;
  const run = (async () => {
    const order = reconnectOrder(ctx).filter(({ ns }) => !connectedNamespaces(ctx).includes(ns));
    if (order.length === 0) {
      transitionStatus(ctx, connectedNamespaces(ctx).length > 0 ? 'success' : 'failure');
      return;
    }
    transitionStatus(ctx, 'reconnect');
    // The namespace active before the reload stays active when it comes back (not the last one restored).
    const active = ctx.store.get(activeNamespaceAtom);
    const restoredPlugins = new Set<string>();
    for (const { ns, connectorId } of order) {
      const plugin = ctx.connectorPlugins.get(connectorId);
      if (!plugin) {
        await reconnectNamespace(ctx, ns, connectorId);
        continue;
      }
      if (restoredPlugins.has(connectorId)) continue;
      restoredPlugins.add(connectorId);
      const stored = order.filter((entry) => entry.connectorId === connectorId).map((entry) => entry.ns);
      await restoreSession(ctx, plugin, stored);
    }
    const connected = connectedNamespaces(ctx);
    if (order.some(({ ns }) => connected.includes(ns))) settleActiveNamespace(ctx, [active], connected);
    transitionStatus(ctx, connectedNamespaces(ctx).length > 0 ? 'success' : 'failure');
    void askSignIn(ctx);
  })().finally(() => {
    ctx.pending.reconnect = undefined;
    ctx.pending.restoring = undefined;
  });
  ctx.pending.reconnect = run;
  return run;
}
