import type { KernelContext } from '../context.js';
import { LatchError, toLatchError } from '../primitives.js';
import type { ConnectResult } from '../plugins/ChainAdapter.js';
import type { Connector } from '../plugins/Connector.js';
import type { ConnectorPlugin, SessionRequest, SharedSession } from '../plugins/ConnectorPlugin.js';
import { activeNamespaceAtom } from '../state/atoms.js';
import type { CaipNetwork, ChainNamespace } from '../types.js';
import { getAccount, reportError } from './accountState.js';
import type { ConnectManyResult } from './connect.js';
import { accountTypeChunk, applyConnection, connectNamespace, settleActiveNamespace, startNetwork } from './connection.js';
import { transitionStatus } from './connectionStatus.js';
import { clearNamespace } from './disconnectCore.js';
import { getNetworkState } from './networkState.js';
import { endOnce, sessionNamespaces } from './sessionLookup.js';
import { servedNamespaces } from './connectors.js';

/*
 * Shared sessions (§4): a connector plugin opens one session; each namespace it approved is then
 * connected through that namespace's own adapter, on a connector that carries the session's
 * provider. Disconnecting one of them ends them all.
 */

function sessionRequest(ctx: KernelContext, namespaces: readonly ChainNamespace[]): SessionRequest {
  const request: Partial<Record<ChainNamespace, readonly CaipNetwork[]>> = {};
  for (const ns of namespaces) {
    const { requestedCaipNetworks } = getNetworkState(ctx, ns);
    const first = startNetwork(ctx, ns);
    request[ns] = [first, ...requestedCaipNetworks.filter((n) => n !== first)];
  }
  return { namespaces: request };
}

/** Switches a session that offers account types to the preferred one (a chunk loaded only for such a session). */
async function applyPreferredAccountType(ctx: KernelContext, ns: ChainNamespace): Promise<void> {
  if (getAccount(ctx, ns).connector?.accountTypes) await (await accountTypeChunk()).applyPreferredAccountType(ctx, ns, applyConnection);
}

/** The connector a namespace's adapter drives for a shared session. */
function sessionConnector(ctx: KernelContext, plugin: ConnectorPlugin, session: SharedSession, ns: ChainNamespace): Connector {
  const part = session.namespaces[ns];
  const connector: Connector = {
    id: plugin.id,
    name: plugin.name,
    type: plugin.type,
    icon: plugin.icon,
    chain: ns,
    chains: Object.keys(session.namespaces),
    installed: true,
    provider: part?.provider,
    capabilities: part?.capabilities,
    walletInfo: part?.walletInfo,
    accountTypes: part?.accountTypes,
    smartAccountNetworks: part?.smartAccountNetworks,
  };
  ctx.sessionConnectors.set(connector, plugin);
  return connector;
}

/** Approved namespaces that this modal serves, in the plugin's order. */
function approved(ctx: KernelContext, plugin: ConnectorPlugin, session: SharedSession): ChainNamespace[] {
  const served = servedNamespaces(ctx, plugin);
  return Object.keys(session.namespaces ?? {}).filter((ns) => served.includes(ns));
}

/**
 * Opens the plugin's session and connects every namespace it approved. Resolves with the result
 * of `preferred` (or the first connected); throws when none connects, ending the session.
 */
export async function connectSession(
  ctx: KernelContext,
  plugin: ConnectorPlugin,
  preferred?: ChainNamespace,
): Promise<ConnectManyResult & { primary: ConnectResult }> {
  const namespaces = servedNamespaces(ctx, plugin);
  if (namespaces.length === 0) {
    throw new LatchError(`${plugin.name} serves none of the namespaces this app registered`, { category: 'CONNECTOR_ERROR' });
  }
  const active = ctx.store.get(activeNamespaceAtom);
  // A new session replaces an old one of the same plugin: its namespaces are about to be reused.
  await endSession(ctx, plugin, { tellPlugin: false });
  transitionStatus(ctx, 'connect');
  let session: SharedSession;
  try {
    session = await plugin.connect(sessionRequest(ctx, namespaces));
  } catch (err) {
    const error = toLatchError(err, 'CONNECTOR_ERROR');
    transitionStatus(ctx, 'failure');
    for (const ns of namespaces) ctx.bus.emit('CONNECT_ERROR', { namespace: ns, connectorId: plugin.id, error });
    reportError(ctx, error, 'CONNECT_ERROR');
    throw error;
  }
  const outcome: ConnectManyResult = { connected: [], failed: [] };
  for (const ns of approved(ctx, plugin, session)) {
    try {
      let result = await connectNamespace(ctx, ns, sessionConnector(ctx, plugin, session, ns), false);
      // The session starts on the visitor's (or the integrator's) account type where it offers several.
      await applyPreferredAccountType(ctx, ns);
      const address = getAccount(ctx, ns).address;
      if (address && address !== result.address) result = { ...result, address };
      outcome.connected.push({ namespace: ns, result });
    } catch (err) {
      outcome.failed.push({ namespace: ns, error: toLatchError(err, 'CONNECTOR_ERROR') });
    }
  }
  settleActiveNamespace(
    ctx,
    [preferred, active],
    outcome.connected.map((c) => c.namespace),
  );
  const primary = outcome.connected.find((c) => c.namespace === preferred) ?? outcome.connected[0];
  if (!primary) {
    await plugin.disconnect().catch((err: unknown) => reportError(ctx, err, 'DISCONNECT_ERROR'));
    transitionStatus(ctx, 'failure');
    throw (
      outcome.failed[0]?.error ??
      new LatchError(`${plugin.name} approved none of the requested namespaces`, { category: 'CONNECTOR_ERROR' })
    );
  }
  return { ...outcome, primary: primary.result };
}

/**
 * §4 reconnect for a plugin's stored namespaces: restores the session silently, then each
 * namespace through its adapter. Namespaces that do not come back forget their stored connector.
 */
export async function restoreSession(ctx: KernelContext, plugin: ConnectorPlugin, stored: readonly ChainNamespace[]): Promise<void> {
  const forget = (list: readonly ChainNamespace[]) => {
    for (const ns of list) ctx.storage.removeConnectorId(ns);
  };
  let session: SharedSession | null = null;
  try {
    session = (await plugin.restore?.(sessionRequest(ctx, servedNamespaces(ctx, plugin)))) ?? null;
  } catch (err) {
    reportError(ctx, err, 'RECONNECT_ERROR');
  }
  if (!session) {
    forget(stored);
    return;
  }
  const back = approved(ctx, plugin, session).filter((ns) => stored.includes(ns));
  forget(stored.filter((ns) => !back.includes(ns)));
  for (const ns of back) {
    const adapter = ctx.adapters.get(ns);
    const connector = sessionConnector(ctx, plugin, session, ns);
    try {
      const restored = adapter?.reconnect
        ? await adapter.reconnect(plugin.id, { network: startNetwork(ctx, ns), connector })
        : { connector, result: await (adapter as NonNullable<typeof adapter>).connect(connector, { network: startNetwork(ctx, ns) }) };
      // Several namespaces come back at once: reconnect() settles which one is active.
      if (restored) {
        applyConnection(ctx, ns, restored.connector, restored.result, false);
        await applyPreferredAccountType(ctx, ns);
      } else ctx.storage.removeConnectorId(ns);
    } catch (err) {
      ctx.storage.removeConnectorId(ns);
      reportError(ctx, err, 'RECONNECT_ERROR');
    }
  }
}

/**
 * Ends a plugin's session here: every namespace it served is cleared (its adapter let go first).
 * `tellPlugin: false` when the wallet already ended it, or a new one is about to replace it.
 */
export function endSession(ctx: KernelContext, plugin: ConnectorPlugin, { tellPlugin }: { tellPlugin: boolean }): Promise<void> {
  return endOnce(ctx, plugin, () => endNow(ctx, plugin, tellPlugin));
}

async function endNow(ctx: KernelContext, plugin: ConnectorPlugin, tellPlugin: boolean): Promise<void> {
  const namespaces = sessionNamespaces(ctx, plugin);
  await Promise.all(
    namespaces.map(async (ns) => {
      const connector = getAccount(ctx, ns).connector as Connector;
      await ctx.adapters
        .get(ns)
        ?.disconnect(connector)
        .catch(() => undefined);
    }),
  );
  for (const ns of namespaces) {
    clearNamespace(ctx, ns);
    transitionStatus(ctx, 'disconnect', ns);
  }
  if (tellPlugin) await plugin.disconnect();
  if (namespaces.length > 0) ctx.bus.emit('DISCONNECT_SUCCESS', { namespaces });
}
