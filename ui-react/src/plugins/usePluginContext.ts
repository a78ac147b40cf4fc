import { type ConnectorPlugin, type FeaturePlugin, invalidOption, type PluginContext } from '@latch/kernel';
import { createContext, useContext, useSyncExternalStore } from 'react';

/** The context of the plugin whose view renders below: the modal's view host provides it to each plugin view. */
export const PluginViewContext = /* @__PURE__ */ createContext<PluginContext<FeaturePlugin | ConnectorPlugin> | undefined>(undefined);

/**
 * Inside a plugin's view (feature or connector), the context of the plugin that owns the view: the plugin typed as
 * `P`, the instance, the account, network and connected namespaces, navigation, feedback. The view re-renders when the
 * account, the network or the connected namespaces change, so it reads them with `getAccount()` / `getNetwork()` /
 * `getNamespaces()` while rendering.
 */
export function usePluginContext<P extends FeaturePlugin | ConnectorPlugin = FeaturePlugin>(): PluginContext<P> {
  const context = useContext(PluginViewContext);
  if (!context) throw invalidOption("usePluginContext() works inside a plugin's view (one the modal shows for a registered plugin)");
  useSyncExternalStore(context.subscribe, context.getAccount, context.getAccount);
  useSyncExternalStore(context.subscribe, context.getNetwork, context.getNetwork);
  useSyncExternalStore(context.subscribe, context.getNamespaces, context.getNamespaces);
  return context as unknown as PluginContext<P>;
}
