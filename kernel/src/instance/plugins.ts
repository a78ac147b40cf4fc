import { listConnectorPlugins, setConnectors } from '../actions/connectors.js';
import { getNetworkState } from '../actions/networkState.js';
import type { KernelContext } from '../context.js';
import type { ChainAdapter } from '../plugins/ChainAdapter.js';
import type { ConnectorPlugin } from '../plugins/ConnectorPlugin.js';
import type { FeaturePlugin } from '../plugins/FeaturePlugin.js';
import { visitorActions } from './bindActions.js';

type Teardowns = (() => void)[];

/** Registers what the host passed: the chain adapters, then the connector plugins, then the feature plugins. */
export function registerPlugins(ctx: KernelContext, teardowns: Teardowns): void {
  const { options } = ctx;
  options.adapters?.forEach((adapter) => registerAdapter(ctx, adapter));
  options.connectors?.forEach((plugin) => registerConnectorPlugin(ctx, teardowns, plugin));
  listConnectorPlugins(ctx);
  options.plugins?.forEach((plugin) => registerPlugin(ctx, plugin));
}

function registerAdapter(ctx: KernelContext, adapter: ChainAdapter): void {
  const ns = adapter.namespace;
  ctx.adapters.set(ns, adapter);
  const teardown = adapter.setup?.({
    get networks() {
      return getNetworkState(ctx, ns).requestedCaipNetworks;
    },
    emit: (event) => void visitorActions().then((m) => m.handleAdapterEvent(ctx, ns, event)),
  });
  const unwatch = adapter.watchConnectors((connectors) => setConnectors(ctx, ns, connectors));
  ctx.adapterTeardowns.set(ns, () => {
    unwatch();
    teardown?.();
  });
}

function registerConnectorPlugin(ctx: KernelContext, teardowns: Teardowns, plugin: ConnectorPlugin): void {
  const { options } = ctx;
  ctx.connectorPlugins.set(plugin.id, plugin);
  const teardown = plugin.setup?.({
    get namespaces() {
      return [...ctx.adapters.keys()];
    },
    networks: (ns) => getNetworkState(ctx, ns).requestedCaipNetworks,
    storage: ctx.storage.scoped(`connector:${plugin.id}:`),
    metadata: options.metadata,
    features: options.features,
    emit: (event) => {
      if (event.type === 'disconnected') void visitorActions().then((m) => m.endSession(ctx, plugin, { tellPlugin: false }));
    },
    openView: async (view, data) => (await visitorActions()).showView(ctx, view, data),
    notify: async (notice) => (await visitorActions()).notify(ctx, notice),
  });
  if (teardown) teardowns.push(teardown);
}

/** A feature plugin whose flag is on; its `setup` runs once the instance exists (createModal). */
function registerPlugin(ctx: KernelContext, plugin: FeaturePlugin): void {
  const { options } = ctx;
  if (!options.features[plugin.feature]) return;
  ctx.plugins.set(plugin.id, plugin);
}
