import type { CaipNetwork, FeaturePlugin, LazyView } from '@latch/kernel';

declare module '@latch/kernel' {
  /** The plugin's own feature flag: `features: { gasTracker: false }` leaves it unregistered. */
  interface PluginFeatures {
    gasTracker: boolean;
  }
  /** `open({ view: 'GasTracker' })` compiles where this package is used. */
  interface PluginViews {
    GasTracker: true;
  }
}

/** The plugin's one view. */
export const GAS_TRACKER_VIEW = 'GasTracker';

export interface GasTrackerOptions {
  /** How often, in milliseconds, the open view asks the RPC for a new block (and reads the fees again on one). Default 4000. */
  pollingInterval?: number;
  /** The Account view row's label. Default 'Gas tracker'. */
  label?: string;
}

/** The plugin, with the checked settings its view reads through `usePluginContext<GasTrackerPlugin>().plugin`. */
export interface GasTrackerPlugin extends FeaturePlugin {
  readonly gasTracker: { readonly pollingInterval: number };
}

/**
 * The Gas tracker feature plugin: register it in `plugins` at `createModal`. The Account view then offers a
 * "Gas tracker" row on eip155 networks; the view (and viem) load with import() when the visitor opens it.
 */
export function createGasTrackerPlugin(options: GasTrackerOptions = {}): GasTrackerPlugin {
  const { pollingInterval = 4_000, label = 'Gas tracker' } = options;
  if (!Number.isFinite(pollingInterval) || pollingInterval < 100) {
    throw new TypeError('createGasTrackerPlugin: pollingInterval must be a number of milliseconds, at least 100');
  }
  if (typeof label !== 'string' || !label.trim()) throw new TypeError('createGasTrackerPlugin: label must be a non-empty string');
  // The key is GAS_TRACKER_VIEW's value written out (a test keeps them equal).
  const views: Readonly<Record<string, LazyView>> = { GasTracker: () => import('./GasTrackerView.js') };
  return {
    id: 'gasTracker',
    feature: 'gasTracker',
    gasTracker: { pollingInterval },
    views,
    // Fee markets with a base fee and fee history are an EVM thing.
    supports: (network: CaipNetwork) => network.chainNamespace === 'eip155',
    accountEntry: { label, view: GAS_TRACKER_VIEW, namespaces: ['eip155'] },
  } satisfies GasTrackerPlugin;
}
