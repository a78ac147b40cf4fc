import { atom } from 'jotai/vanilla';
import type { ModalInstance } from '../createModal.js';
import { getInternals, type ModalInternals } from '../internals.js';
import { accountsAtom, activeAccountAtom, activeNetworkAtom } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';
import type { ConnectorPlugin } from './ConnectorPlugin.js';
import type { FeaturePlugin } from './FeaturePlugin.js';
import type { PluginContext } from './PluginContext.js';

/*
 * Plugin contexts load on use, never with the page (the size budget keeps first load flat): the modal's view host
 * imports this module with the modal's code, and `createModal` loads it when a registered feature plugin has a
 * `setup`. Both ask `pluginContext`, so a plugin's setup and its views share one context per instance.
 */

/** A plugin of either kind, feature or connector: what `pluginContext` and `viewContext` take and give a context of. */
export type AnyPlugin = FeaturePlugin | ConnectorPlugin;

/** Per instance (its internals, shared by `{ ...instance }` copies), per plugin. */
const contexts = new WeakMap<ModalInternals, Map<AnyPlugin, PluginContext<AnyPlugin>>>();

/** The context of `plugin` in the instance `modal`: made on first use, then the same object. */
export function pluginContext<P extends AnyPlugin>(modal: ModalInstance, plugin: P): PluginContext<P> {
  const internals = getInternals(modal);
  let made = contexts.get(internals);
  if (!made) contexts.set(internals, (made = new Map()));
  let context = made.get(plugin);
  if (!context) made.set(plugin, (context = createPluginContext(plugin, modal, internals)));
  return context as PluginContext<P>;
}

/** The context of the registered plugin (feature, or connector) that brought `view`; undefined for a built-in view. */
export function viewContext(modal: ModalInstance, view: string): PluginContext<AnyPlugin> | undefined {
  const internals = getInternals(modal);
  const owner = [
    ...(modal.options.plugins ?? []).map((plugin) => internals.getPlugin(plugin.id)),
    ...(modal.options.connectors ?? []).map((plugin) => internals.getConnectorPlugin(plugin.id)),
  ].find((plugin) => plugin?.views?.[view]);
  return owner && pluginContext(modal, owner);
}

/**
 * Runs the `setup` of each registered feature plugin with its context, and hands its teardown to `destroy()`
 * (`teardowns`, emptied by `destroy()`: an instance destroyed before this ran sets nothing up).
 */
export function setupPlugins(modal: ModalInstance, teardowns: (() => void)[]): void {
  const internals = getInternals(modal);
  for (const { id } of modal.options.plugins ?? []) {
    const plugin = internals.getPlugin(id);
    const teardown = teardowns.length ? plugin?.setup?.(pluginContext(modal, plugin)) : undefined;
    if (teardown) teardowns.push(teardown);
  }
}

function createPluginContext<P extends AnyPlugin>(plugin: P, modal: ModalInstance, internals: ModalInternals): PluginContext<P> {
  const { router, store } = internals;
  // One derived value: a change of several at once (a connection sets the account and the network) calls listeners once.
  const watched = atom((get) => ({
    account: get(activeAccountAtom),
    network: get(activeNetworkAtom),
    namespaces: Object.entries(get(accountsAtom))
      .filter(([, account]) => account?.status === 'connected')
      .map(([namespace]) => namespace as ChainNamespace),
  }));
  const read = () => store.get(watched);
  return {
    plugin,
    modal,
    getAccount: () => read().account,
    getNetwork: () => read().network,
    getNamespaces: () => read().namespaces,
    subscribe: (listener) => store.sub(watched, listener),
    router,
    feedback: internals.feedback,
    openView: async (view, data) => (modal.getState().open ? router.push(view, data) : modal.open({ view: view as never, data })),
    refreshBalances: internals.refreshTokenBalances,
    setProfileName: internals.storeProfileName,
  };
}
