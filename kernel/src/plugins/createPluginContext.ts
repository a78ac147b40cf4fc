import { atom } from 'jotai/vanilla';
import type { KernelContext } from '../context.js';
import type { ModalInstance } from '../createModal.js';
import type { ModalInternals } from '../internals.js';
import { accountsAtom, activeAccountAtom, activeNetworkAtom } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';
import type { ConnectorPlugin } from './ConnectorPlugin.js';
import type { FeaturePlugin } from './FeaturePlugin.js';
import type { PluginContext } from './PluginContext.js';

type AnyPlugin = FeaturePlugin | ConnectorPlugin;

/** The context one plugin gets from one modal instance: its own reads and actions over the instance's state. */
export function createPluginContext<P extends AnyPlugin>(plugin: P, modal: ModalInstance, internals: ModalInternals): PluginContext<P> {
  const { store, router } = internals;
  // One derived value, so a change of several at once (a connection sets account and network) calls listeners once.
  const watched = atom((get) => ({
    account: get(activeAccountAtom),
    network: get(activeNetworkAtom),
    namespaces: (Object.entries(get(accountsAtom)) as [ChainNamespace, { status?: string } | undefined][])
      .filter(([, account]) => account?.status === 'connected')
      .map(([namespace]) => namespace),
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

/**
 * The plugin contexts of one instance: made on first use, one per plugin, so `setup` and every view of a plugin share
 * it. `ofView` finds the plugin (feature or connector) that brought a view.
 */
export function pluginContexts(ctx: KernelContext, modal: ModalInstance, internals: ModalInternals) {
  const made = new Map<AnyPlugin, PluginContext<AnyPlugin>>();
  const of = <P extends AnyPlugin>(plugin: P): PluginContext<P> => {
    let context = made.get(plugin);
    if (!context) made.set(plugin, (context = createPluginContext(plugin, modal, internals)));
    return context as PluginContext<P>;
  };
  return {
    of,
    ofView(view: string): PluginContext<AnyPlugin> | undefined {
      const owner = [...ctx.plugins.values(), ...ctx.connectorPlugins.values()].find((plugin) => plugin.views?.[view]);
      return owner && of(owner);
    },
  };
}
