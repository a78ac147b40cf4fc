import type { FeatureName } from '../options.js';

/** A lazily loaded view: the module's default export is the component (React or other). */
export type LazyView = () => Promise<{ default: unknown }>;

export interface PluginContext {
  /** Opens the modal at one of this plugin's views. */
  openView(view: string, data?: unknown): Promise<void>;
}

/** An optional feature (swap, on-ramp, names…): logic plus views loaded only when opened. */
export interface FeaturePlugin {
  readonly id: string;
  /** The §6 feature flag it answers to; a plugin whose flag is off is not registered. */
  readonly feature: FeatureName;
  readonly views?: Readonly<Record<string, LazyView>>;
  setup?(context: PluginContext): (() => void) | undefined;
}
