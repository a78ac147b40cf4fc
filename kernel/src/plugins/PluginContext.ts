import type { ModalInstance } from '../createModal.js';
import type { AccountState, AlertMessage, SnackVariant, View } from '../state/atoms.js';
import type { CaipNetwork, ChainNamespace } from '../types.js';
import type { ConnectorPlugin } from './ConnectorPlugin.js';
import type { FeaturePlugin } from './FeaturePlugin.js';

/** Moves between the modal's views (the modal's own and the plugins'). */
export interface PluginRouter {
  /** Shows `view` on top of the current one (Back returns). */
  push(view: View, data?: unknown): void;
  /** Shows `view` in place of the current one. */
  replace(view: View, data?: unknown): void;
  /** Empties the history and shows `view` alone. */
  reset(view: View, data?: unknown): void;
  /** Back to the view underneath. */
  goBack(): void;
}

/** What the modal tells the visitor. */
export interface PluginFeedback {
  /** A short message at the modal's bottom; resolves once it shows. */
  showSnack(message: string, variant: SnackVariant): Promise<void>;
  /** A banner the visitor dismisses, shown once per page for its `id`; false when it was already shown. */
  showAlert(alert: AlertMessage): boolean;
}

/** What a plugin (feature or connector) receives, in `setup` and in its views. */
export interface PluginContext<P extends FeaturePlugin | ConnectorPlugin = FeaturePlugin> {
  /** The plugin itself, as registered: typed by the plugin's own interface. */
  readonly plugin: P;
  /** The instance's public API: getState()/subscribe(), signMessage, sendTransfer, sendCalls, switchNetwork, getAdapter… */
  readonly modal: ModalInstance;
  /** The active namespace's account (undefined when none). */
  getAccount(): AccountState | undefined;
  /** The active network. */
  getNetwork(): CaipNetwork | undefined;
  /** Namespaces with a connected account. */
  getNamespaces(): ChainNamespace[];
  /** Called whenever the account, the network or the connected namespaces change; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  readonly router: PluginRouter;
  readonly feedback: PluginFeedback;
  /** Opens the modal at one of this plugin's views (pushed when it is open). */
  openView(view: string, data?: unknown): Promise<void>;
  /** Reloads the token balances of a namespace (after a send or swap). */
  refreshBalances(namespace: ChainNamespace): Promise<void>;
  /**
   * Makes `name` the profile name of the namespace's account, as if the name service had returned it (shown at once,
   * and cached like a looked-up name): for a names plugin, right after the visitor registered it.
   */
  setProfileName(namespace: ChainNamespace, name: string): Promise<void>;
}
