import type { KernelContext } from '../context.js';
import type { Connector } from '../plugins/Connector.js';
import type { ConnectorPlugin } from '../plugins/ConnectorPlugin.js';
import { connectorsAtom, pluginConnectorsAtom } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';

/* The wallets the modal lists: each adapter's, and one entry per connector plugin. */

/** The namespaces a plugin can serve here: those with an adapter, and in its own list if it has one. */
export function servedNamespaces(ctx: KernelContext, plugin: ConnectorPlugin): ChainNamespace[] {
  return [...ctx.adapters.keys()].filter((ns) => !plugin.namespaces || plugin.namespaces.includes(ns));
}

/** Keeps a namespace's connector list in state as its adapter discovers wallets. */
export function setConnectors(ctx: KernelContext, ns: ChainNamespace, connectors: readonly Connector[]): void {
  ctx.store.set(connectorsAtom, (all) => ({ ...all, [ns]: connectors }));
}

/** The modal's one entry per connector plugin: the namespaces it would serve here, listed. */
export function listConnectorPlugins(ctx: KernelContext): void {
  const entries = [...ctx.connectorPlugins.values()].flatMap((plugin): Connector[] => {
    const served = servedNamespaces(ctx, plugin);
    const [chain] = served;
    if (!chain) return [];
    return [{ id: plugin.id, name: plugin.name, type: plugin.type, icon: plugin.icon, chain, chains: served, installed: true }];
  });
  ctx.store.set(pluginConnectorsAtom, entries);
}
