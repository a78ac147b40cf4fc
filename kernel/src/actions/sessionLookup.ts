import type { KernelContext } from '../context.js';
import type { ConnectorPlugin } from '../plugins/ConnectorPlugin.js';
import type { ChainNamespace } from '../types.js';
import { getAccount } from './accountState.js';
import { connectedNamespaces } from './connectionStatus.js';

/*
 * Which namespaces belong to which shared session: small lookups every instance needs (listing,
 * disconnect). Opening, restoring and ending sessions loads with session.ts, on first use.
 */

/** The namespaces connected through a plugin's session. */
export function sessionNamespaces(ctx: KernelContext, plugin: ConnectorPlugin): ChainNamespace[] {
  return connectedNamespaces(ctx).filter((ns) => {
    const connector = getAccount(ctx, ns).connector;
    return connector !== undefined && ctx.sessionConnectors.get(connector) === plugin;
  });
}

/** The plugin whose shared session a namespace is connected through, if any. */
export function sessionPluginOf(ctx: KernelContext, ns: ChainNamespace): ConnectorPlugin | undefined {
  const connector = getAccount(ctx, ns).connector;
  return connector ? ctx.sessionConnectors.get(connector) : undefined;
}

/** Ends a shared session once: its providers, its plugin and the visitor may all ask at the same time. */
export function endOnce(ctx: KernelContext, plugin: ConnectorPlugin, end: () => Promise<void>): Promise<void> {
  const ends = (ctx.pending.sessionEnds ??= new Map());
  const running = ends.get(plugin);
  if (running) return running;
  const run = end().finally(() => ends.delete(plugin));
  ends.set(plugin, run);
  return run;
}
