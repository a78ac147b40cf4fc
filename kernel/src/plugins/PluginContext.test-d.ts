import { describe, expectTypeOf, it } from 'vitest';
import type {
  AccountState,
  CaipNetwork,
  ChainNamespace,
  ConnectorPlugin,
  FeaturePlugin,
  ModalInstance,
  PluginContext,
  PluginFeedback,
  PluginRouter,
  SharedSession,
} from '../index.js';

/** A plugin with settings of its own declares them on an interface that extends the contract (as better-auth's do). */
interface GasPlugin extends FeaturePlugin {
  readonly gas: { readonly refreshMs: number };
}

/** A third party's feature plugin, declared the way Latch's own are. */
function createGasPlugin(options: { refreshMs: number }) {
  return {
    id: 'gas',
    feature: 'send',
    gas: { refreshMs: options.refreshMs },
    views: { GasTracker: () => import('./PluginContext.js').then(() => ({ default: () => null })) },
    setup(context) {
      expectTypeOf(context).toEqualTypeOf<PluginContext<FeaturePlugin>>();
      return context.subscribe(() => undefined);
    },
  } satisfies GasPlugin;
}

/** One without settings satisfies the contract itself. */
const pingPlugin = { id: 'ping', feature: 'send', setup: (context) => context.subscribe(() => undefined) } satisfies FeaturePlugin;

interface WalletPlugin extends ConnectorPlugin {
  readonly wallet: { readonly frameUrl: string };
}

const walletPlugin = {
  id: 'wallet',
  name: 'A Wallet',
  type: 'AUTH',
  wallet: { frameUrl: 'https://wallet.example' },
  connect: async (): Promise<SharedSession> => ({ namespaces: {} }),
  disconnect: async () => undefined,
} satisfies WalletPlugin;

describe('PluginContext', () => {
  it('types `plugin` by the plugin’s own interface', () => {
    const gas = createGasPlugin({ refreshMs: 12_000 });
    expectTypeOf<PluginContext<typeof gas>['plugin']>().toEqualTypeOf<typeof gas>();
    expectTypeOf<PluginContext<GasPlugin>['plugin']>().toEqualTypeOf<GasPlugin>();
    expectTypeOf<PluginContext<typeof pingPlugin>['plugin']['id']>().toEqualTypeOf<string>();
    expectTypeOf<PluginContext<GasPlugin>['plugin']['gas']['refreshMs']>().toEqualTypeOf<number>();
    expectTypeOf<PluginContext<typeof walletPlugin>['plugin']['wallet']['frameUrl']>().toEqualTypeOf<string>();
    expectTypeOf<PluginContext['plugin']>().toEqualTypeOf<FeaturePlugin>();
  });

  it('only takes feature and connector plugins', () => {
    // @ts-expect-error: a chain adapter is not a plugin with a context
    expectTypeOf<PluginContext<{ namespace: 'eip155' }>>().not.toBeAny();
  });

  it('reads state and acts through typed members', () => {
    expectTypeOf<PluginContext['modal']>().toEqualTypeOf<ModalInstance>();
    expectTypeOf<PluginContext['getAccount']>().returns.toEqualTypeOf<AccountState | undefined>();
    expectTypeOf<PluginContext['getNetwork']>().returns.toEqualTypeOf<CaipNetwork | undefined>();
    expectTypeOf<PluginContext['getNamespaces']>().returns.toEqualTypeOf<ChainNamespace[]>();
    expectTypeOf<PluginContext['subscribe']>().returns.toEqualTypeOf<() => void>();
    expectTypeOf<PluginContext['router']>().toEqualTypeOf<PluginRouter>();
    expectTypeOf<PluginContext['feedback']>().toEqualTypeOf<PluginFeedback>();
    expectTypeOf<PluginContext['openView']>().parameters.toEqualTypeOf<[view: string, data?: unknown]>();
    expectTypeOf<PluginContext['refreshBalances']>().parameters.toEqualTypeOf<[namespace: ChainNamespace]>();
    expectTypeOf<PluginContext['setProfileName']>().returns.toEqualTypeOf<Promise<void>>();
  });

  it('rejects a plugin that does not satisfy the contract', () => {
    // @ts-expect-error: `feature` must be a feature flag
    ({ id: 'bad', feature: 42 }) satisfies FeaturePlugin;
    // @ts-expect-error: setup's teardown is a function, not a promise
    ({ id: 'bad', feature: 'send', setup: async () => undefined }) satisfies FeaturePlugin;
  });
});
