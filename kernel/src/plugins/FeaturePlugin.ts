import type { FeatureFlag } from '../options.js';
import type { CaipNetwork, ChainNamespace } from '../types.js';
import type { DataServices } from './dataServices.js';
import type { PluginContext } from './PluginContext.js';

/**
 * A lazily loaded view, `() => import('./View.js')`: the module's default export is the component (React or other).
 * After a failed fetch the modal imports the module anew and renders its default export; a loader that picks another
 * export wraps its import with `retryableImport` (kernel README, "Writing a plugin").
 */
export type LazyView = () => Promise<{ default: unknown }>;

/** An optional feature (swap, on-ramp, names…): logic plus views loaded only when opened. */
export interface FeaturePlugin {
  readonly id: string;
  /** The §6 feature flag it answers to, or its own (`PluginFeatures`); a plugin whose flag is off is not registered. */
  readonly feature: FeatureFlag;
  readonly views?: Readonly<Record<string, LazyView>>;
  /**
   * Whether it can work on a network: the Account view offers its button (Buy, Swap) only where this holds, so no
   * button leads to a "not available" screen. Absent: every network.
   */
  supports?(network: CaipNetwork): boolean;
  /** Data services it provides (names, identity…); the host's own `dataServices` take precedence. */
  readonly dataServices?: DataServices;
  /** A row in the Account view that opens one of its views (a feature outside the §9 wallet-feature list), on `namespaces` only when given. */
  readonly accountEntry?: { readonly label: string; readonly view: string; readonly namespaces?: readonly ChainNamespace[] };
  /**
   * Called with the plugin's context (the object its views read with `usePluginContext()`) for a plugin whose flag is
   * on, right after `createModal` returns: the context's code loads then. Returns a teardown, run by `destroy()`. No
   * request may happen here.
   */
  setup?(context: PluginContext): (() => void) | undefined;
}
