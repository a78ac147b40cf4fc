import { createStore } from 'jotai/vanilla';
import { addNetwork, removeAdapter, removeNetwork, switchNetwork } from './actions/network.js';
import { dismissAlert, showAlert } from './actions/alerts.js';
import { connectWallet, connectWallets, handleAdapterEvent, setConnectors, type ConnectTarget } from './actions/connect.js';
import { initialConnectionStatus } from './actions/connectionStatus.js';
import { disconnect } from './actions/disconnect.js';
import { closeModal, openModal, setModalLoading, shakeModal, type OpenOptions } from './actions/modal.js';
import { reconnect } from './actions/reconnect.js';
import { signMessage } from './actions/sign.js';
import { refreshTokenBalances, setAccountTab } from './actions/tokens.js';
import { goBack, popTransactionStack, pushTransactionStack, pushView, replaceView, resetView } from './actions/router.js';
import { hideSnack, showSnack } from './actions/snackbar.js';
import type { KernelContext } from './context.js';
import { INVALID_APP_CONFIGURATION_ALERT } from './errors/messages.js';
import { forwardAnalytics } from './analytics.js';
import { createEventBus, type LatchEvents } from './events.js';
import { resolveOptions, type ModalOptions } from './options.js';
import type { ChainAdapter } from './plugins/ChainAdapter.js';
import type { FeaturePlugin } from './plugins/FeaturePlugin.js';
import { getSnapshot, type ModalSnapshot } from './snapshot.js';
import { activeNamespaceAtom, connectionStatusAtom, networksAtom, OBSERVED_ATOMS, type NetworkState } from './state/atoms.js';
import { createMemoryStorage, createStorage, defaultWebStorage } from './storage.js';
import { createTelemetry } from './telemetry/telemetry.js';
import type { ChainNamespace } from './types.js';

export type ModalInstance = ReturnType<typeof createModal>;

function defaultIsMobile(): boolean {
  const w = globalThis as { matchMedia?: (q: string) => { matches: boolean } };
  return typeof w.matchMedia === 'function' && w.matchMedia('(max-width: 430px), (pointer: coarse) and (hover: none)').matches;
}

function initialNetworks(ctx: KernelContext): void {
  const { networks, defaultNetwork } = ctx.options;
  const storedId = ctx.storage.get('activeCaipNetworkId');
  const stored = networks.find((n) => n.caipNetworkId === storedId);
  const active = stored ?? defaultNetwork;
  const byNamespace: Partial<Record<ChainNamespace, NetworkState>> = {};
  for (const network of networks) {
    const ns = network.chainNamespace;
    const state = byNamespace[ns] ?? {
      requestedCaipNetworks: [],
      approvedCaipNetworkIds: [],
      supportsAllNetworks: false,
      smartAccountEnabledNetworks: [],
      isUnsupported: false,
    };
    byNamespace[ns] = { ...state, requestedCaipNetworks: [...state.requestedCaipNetworks, network] };
  }
  for (const [ns, state] of Object.entries(byNamespace) as [ChainNamespace, NetworkState][]) {
    const pick = active.chainNamespace === ns ? active : state.requestedCaipNetworks[0];
    byNamespace[ns] = { ...state, caipNetwork: pick };
  }
  ctx.store.set(networksAtom, byNamespace);
  ctx.store.set(activeNamespaceAtom, active.chainNamespace);
}

/**
 * Creates one independent modal instance. No request and no DOM work happen here; the only
 * deferred work is restoring a stored session, which the visitor started on an earlier visit.
 */
export function createModal(userOptions: ModalOptions) {
  const options = resolveOptions(userOptions);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const teardowns: (() => void)[] = [];
  const backend = options.storage === null ? createMemoryStorage() : (options.storage ?? defaultWebStorage() ?? createMemoryStorage());
  const bus = createEventBus();
  const store = createStore();
  const telemetry = createTelemetry({
    endpoint: options.telemetry?.endpoint,
    projectId: options.projectId,
    sdkType: options.sdkType,
    sdkVersion: options.sdkVersion,
    analytics: options.features.analytics,
    // §8: an analytics 403 means the origin is not allowed: tell the integrator once.
    onForbidden: () => showAlert(ctx, INVALID_APP_CONFIGURATION_ALERT),
  });
  const ctx: KernelContext = {
    store,
    bus,
    storage: createStorage(backend, options.storagePrefix),
    options,
    adapters: new Map(),
    plugins: new Map(),
    pending: {},
    telemetry,
    now: () => Date.now(),
    isMobile: options.isMobile ?? defaultIsMobile,
    later(ms, run) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        run();
      }, ms);
      timers.add(timer);
    },
    sleep: (ms) => new Promise((resolve) => ctx.later(ms, resolve)),
  };

  initialNetworks(ctx);
  store.set(connectionStatusAtom, initialConnectionStatus(ctx.storage.get('connectionStatus')));

  function registerAdapter(adapter: ChainAdapter): void {
    ctx.adapters.set(adapter.namespace, adapter);
    const ns = adapter.namespace;
    const networks = store.get(networksAtom)[ns]?.requestedCaipNetworks ?? [];
    const teardown = adapter.setup?.({ networks, emit: (event) => handleAdapterEvent(ctx, ns, event) });
    const unwatch = adapter.watchConnectors((connectors) => setConnectors(ctx, ns, connectors));
    teardowns.push(() => {
      unwatch();
      teardown?.();
    });
  }

  function registerPlugin(plugin: FeaturePlugin): void {
    if (!options.features[plugin.feature]) return;
    ctx.plugins.set(plugin.id, plugin);
    const teardown = plugin.setup?.({
      openView: async (view, data) => openModal(ctx, { view, data }),
    });
    if (teardown) teardowns.push(teardown);
  }

  teardowns.push(forwardAnalytics(bus, telemetry));
  options.adapters?.forEach(registerAdapter);
  setConnectors(ctx, 'shared', options.connectors ?? []);
  options.plugins?.forEach(registerPlugin);
  if (store.get(connectionStatusAtom) === 'connecting') void Promise.resolve().then(() => reconnect(ctx));

  let snapshot: ModalSnapshot | undefined;
  const listeners = new Set<(state: ModalSnapshot) => void>();
  const unsubscribers = OBSERVED_ATOMS.map((a) =>
    store.sub(a, () => {
      snapshot = undefined;
      const next = instance.getState();
      listeners.forEach((listener) => listener(next));
    }),
  );

  const instance = {
    store,
    options,
    open: async (openOptions?: OpenOptions) => openModal(ctx, openOptions),
    close: (closeOptions?: { force?: boolean }) => closeModal(ctx, closeOptions),
    connect: (connectorId: string, connectOptions?: { namespace?: ChainNamespace; keepOpen?: boolean }) => connectWallet(ctx, connectorId, connectOptions),
    /** Connects one wallet on several namespaces (a merged multi-chain wallet), closing once. */
    connectMany: (targets: readonly ConnectTarget[]) => connectWallets(ctx, targets),
    reconnect: () => reconnect(ctx),
    switchNetwork: (network: Parameters<typeof switchNetwork>[1]) => switchNetwork(ctx, network),
    disconnect: (namespace?: ChainNamespace) => disconnect(ctx, namespace),
    addNetwork: (ns: ChainNamespace, network: Parameters<typeof addNetwork>[2]) => addNetwork(ctx, ns, network),
    removeNetwork: (ns: ChainNamespace, id: Parameters<typeof removeNetwork>[2]) => removeNetwork(ctx, ns, id),
    removeAdapter: (ns: ChainNamespace) => removeAdapter(ctx, ns),
    refreshTokenBalances: (ns: ChainNamespace) => refreshTokenBalances(ctx, ns),
    /** Signs with the wallet connected on `namespace` (default: the active one). */
    signMessage: (message: string, options?: { namespace?: ChainNamespace }) => signMessage(ctx, message, options?.namespace),
    setAccountTab: (ns: ChainNamespace, tab: Parameters<typeof setAccountTab>[2]) => setAccountTab(ctx, ns, tab),
    /** The adapter registered for a namespace, for UI checks of declared capabilities. */
    getAdapter: (ns: ChainNamespace) => ctx.adapters.get(ns),
    /** Navigation and feedback, for the UI layer. */
    router: {
      push: (view: string, data?: unknown) => pushView(ctx, view, data),
      replace: (view: string, data?: unknown) => replaceView(ctx, view, data),
      reset: (view: string, data?: unknown) => resetView(ctx, view, data),
      goBack: () => goBack(ctx),
      pushTransaction: (entry: Parameters<typeof pushTransactionStack>[1]) => pushTransactionStack(ctx, entry),
      popTransaction: (outcome: 'success' | 'cancel') => popTransactionStack(ctx, outcome),
    },
    feedback: {
      showSnack: (message: string, variant: Parameters<typeof showSnack>[2]) => showSnack(ctx, message, variant),
      hideSnack: () => hideSnack(ctx),
      showAlert: (alert: Parameters<typeof showAlert>[1]) => showAlert(ctx, alert),
      dismissAlert: () => dismissAlert(ctx),
      shake: () => shakeModal(ctx),
      setLoading: (loading: boolean) => setModalLoading(ctx, loading),
    },
    getPlugin: (id: string) => ctx.plugins.get(id),
    /** Wallets used last on this device, newest first (§3, at most 2). */
    getRecentWallets: () => ctx.storage.get('recentWallets') ?? [],
    /** The same object until something changes, so React's useSyncExternalStore can use it. */
    getState(): ModalSnapshot {
      snapshot ??= getSnapshot(store);
      return snapshot;
    },
    subscribe(listener: (state: ModalSnapshot) => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on<K extends keyof LatchEvents>(event: K, handler: (payload: LatchEvents[K]) => void): () => void {
      bus.on(event, handler);
      return () => bus.off(event, handler);
    },
    /** Stops timers, listeners, adapters and plugins; the instance is inert afterwards. */
    destroy(): void {
      timers.forEach(clearTimeout);
      timers.clear();
      unsubscribers.forEach((u) => u());
      teardowns.splice(0).forEach((t) => t());
      listeners.clear();
      bus.all.clear();
    },
  };
  return instance;
}
