import type { ConnectorPlugin, FeaturePlugin, PluginContext } from '@latch/kernel';
import { describe, expectTypeOf, it } from 'vitest';
import { usePluginContext } from '../index.js';

interface TipPlugin extends FeaturePlugin {
  readonly tip: { readonly label: string };
}

describe('usePluginContext', () => {
  it("is typed by the plugin the view belongs to, a feature plugin's by default", () => {
    expectTypeOf(usePluginContext()).toEqualTypeOf<PluginContext<FeaturePlugin>>();
    expectTypeOf(usePluginContext<TipPlugin>()).toEqualTypeOf<PluginContext<TipPlugin>>();
    expectTypeOf(usePluginContext<TipPlugin>().plugin.tip.label).toEqualTypeOf<string>();
    expectTypeOf(usePluginContext<ConnectorPlugin>().plugin).toEqualTypeOf<ConnectorPlugin>();
  });
});
