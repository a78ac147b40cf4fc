import { createStore } from 'jotai/vanilla';
import { capabilityOf, setAccountTab } from './actions/accountState.js';
import { dismissAlert, showAlert } from './actions/alerts.js';
import type { ConnectManyResult, ConnectTarget } from './actions/connect.js';
import { listConnectorPlugins, setConnectors } from './actions/connectors.js';
import { initialConnectionStatus } from './actions/initialStatus.js';
import { closeModal, type OpenOptions, openModal, setModalLoading, shakeModal } from './actions/modal.js';
import { addNetwork, getNetworkState } from './actions/networkState.js';
import { goBack, popTransactionStack, pushTransactionStack, pushView, replaceView, resetView } from './actions/router.js';
import { hideSnack, showSnack } from './actions/snackbar.js';
import type { KernelContext } from './context.js';
import { INVALID_APP_CONFIGURATION_ALERT } from './errors/messages.js';
import { createEventBus, type LatchEvents } from './events.js';
import { INTERNALS, type ModalInternals } from './internals.js';
import { type ModalOptions, type ResolvedOptions, resolveOptions } from './options.js';
import type { AccountPageOptions } from './actions/history.js';
import type { MaxSend, MaxSendRequest, SendFee, SendRequest, SendResult } from './actions/send.js';
import type { SendCallsOptions } from './actions/callBundles.js';
import type { GrantedPermission, GrantPermissionsRequest, GrantPermissionsResult } from './actions/permissions.js';
import type {
  AdapterCapabilities,
  CallsStatus,
  CapabilityName,
  ChainAdapter,
  ConnectResult,
  SendCallsResult,
  TransferOutcome,
  WalletCallCapabilities,
} from './plugins/ChainAdapter.js';
import type { Nft, Page, Transaction } from './plugins/dataServices.js';
import type { ConnectorPlugin } from './plugins/ConnectorPlugin.js';
import type { FeaturePlugin } from './plugins/FeaturePlugin.js';
import { getSnapshot, type ModalSnapshot } from './snapshot.js';
import {
  activeAccountAtom,
  activeNamespaceAtom,
  connectionStatusAtom,
  type NetworkState,
  networksAtom,
  OBSERVED_ATOMS,
} from './state/atoms.js';
import { claimStoragePrefix, createMemoryStorage, createStorage, defaultWebStorage } from './storage.js';
import { connectTelemetry } from './telemetry/lazyTelemetry.js';
import type { AccountType, CaipNetwork, CaipNetworkId, ChainNamespace } from './types.js';

/** One modal instance: what a host (React or not) drives. */
export interface ModalInstance {
  /** The options after validation, with §9 defaults filled in. */
  readonly options: ResolvedOptions;
  /** Opens the modal, at a view if given (§2 decides otherwise). */
  open(options?: OpenOptions): Promise<void>;
  /** Closes it; false when refused (§2: ApproveTransaction, unless forced). */
  close(options?: { force?: boolean }): boolean;
  /** Connects a wallet listed in the modal: an adapter's connector, or a connector plugin's shared session. */
  connect(connectorId: string, options?: { namespace?: ChainNamespace; keepOpen?: boolean }): Promise<ConnectResult>;
  /** Connects one wallet on several namespaces (a merged multi-chain wallet), closing once. */
  connectMany(targets: readonly ConnectTarget[]): Promise<ConnectManyResult>;
  /** Restores stored sessions silently; runs on its own at creation when the last visit was connected. */
  reconnect(): Promise<void>;
  switchNetwork(network: CaipNetwork | CaipNetworkId): Promise<void>;
  /** One namespace (and the others on the same shared session, §4), or all of them. */
  disconnect(namespace?: ChainNamespace): Promise<void>;
  /** Signs with the wallet connected on `namespace` (default: the active one). */
  signMessage(message: string, options?: { namespace?: ChainNamespace }): Promise<string>;
  /**
   * Sends native currency or a token from the account's balances to an address, through the
   * connected wallet (§5 checks first). Resolves once the wallet has submitted it.
   */
  sendTransfer(request: SendRequest): Promise<SendResult>;
  /** The network fee a transfer would cost, in the native currency; undefined when the adapter cannot tell. */
  estimateSendFee(request: SendRequest): Promise<SendFee | undefined>;
  /** What Max fills in: a token's balance, or the native balance less its fee and what the chain keeps back. */
  maxSendable(request?: MaxSendRequest): Promise<MaxSend>;
  /** Waits until the chain has a sent transfer (then refreshes balances); undefined when the adapter cannot tell. */
  waitForTransfer(hash: string, options?: { namespace?: ChainNamespace; signal?: AbortSignal }): Promise<TransferOutcome | undefined>;
  /** One page of the account's transactions on the active network, newest first (§5 filters applied). */
  getTransactions(options?: AccountPageOptions): Promise<Page<Transaction>>;
  /** One page of the account's NFTs on the active network. */
  getNfts(options?: AccountPageOptions): Promise<Page<Nft>>;
  /**
   * Sends calls as one bundle through the connected wallet on the active network (EIP-5792 `wallet_sendCalls`),
   * atomically when the wallet can; resolves with the bundle's id once the wallet submitted it.
   */
  sendCalls(request: SendCallsOptions): Promise<SendCallsResult>;
  /**
   * ERC-7715 (`smartSessions` feature; off: a VALIDATION_ERROR): asks the connected eip155 wallet to grant a key the
   * dApp holds a session, shown to the visitor and approved by them; resolves with its `permissionsContext`.
   */
  grantPermissions(request: GrantPermissionsRequest): Promise<GrantPermissionsResult>;
  /** Ends a session the wallet granted this site (`smartSessions` feature), once the visitor approves. */
  revokePermissions(request: { permissionsContext: string }): Promise<void>;
  /** The live sessions the connected wallet granted this site (`smartSessions` feature). */
  getPermissions(): Promise<GrantedPermission[]>;
  /** Where a bundle stands (EIP-5792 `wallet_getCallsStatus`): 100 pending, 200 confirmed, 400–600 failed. */
  getCallsStatus(id: string, options?: { namespace?: ChainNamespace }): Promise<CallsStatus>;
  /** The connected wallet's EIP-5792 capabilities on the active network, by chain id in 0x hex; `{}` when it cannot tell. */
  getCapabilities(options?: { namespace?: ChainNamespace }): Promise<WalletCallCapabilities>;
  /**
   * Switches the account type (`'eoa'` or `'smartAccount'`) of a wallet whose session offers both (the embedded
   * wallet), stores the choice and reconnects on the other address; a failure, or a smart account on a network
   * without support, falls back to `'eoa'` with a snack. A wallet with one account type is refused.
   */
  setPreferredAccountType(type: AccountType, options?: { namespace?: ChainNamespace }): Promise<void>;
  /** The address an on-chain name points to on the namespace's active network, or undefined. */
  resolveName(name: string, options?: { namespace?: ChainNamespace }): Promise<string | undefined>;
  addNetwork(namespace: ChainNamespace, network: CaipNetwork): boolean;
  removeNetwork(namespace: ChainNamespace, caipNetworkId: CaipNetworkId): Promise<boolean>;
  /** Disconnects the namespace if connected, runs the adapter's teardown and forgets it. */
  removeAdapter(namespace: ChainNamespace): Promise<void>;
  getAdapter(namespace: ChainNamespace): ChainAdapter | undefined;
  /** What the visitor can do on a namespace now: the connected wallet's capability, else the adapter's. */
  getCapability<K extends CapabilityName>(namespace: ChainNamespace, name: K): AdapterCapabilities[K] | undefined;
  /** The same object until something changes (fit for React's useSyncExternalStore). */
  getState(): ModalSnapshot;
  subscribe(listener: (state: ModalSnapshot) => void): () => void;
  on<K extends keyof LatchEvents>(event: K, handler: (payload: LatchEvents[K]) => void): () => void;
  /** Stops timers, listeners, adapters and plugins, and frees the storage prefix; the instance is inert afterwards. */
  destroy(): void;
}

/** The chunk of what happens once a visitor acts (actions/visitorActions.ts). */
const visitorActions = () => import('./actions/visitorActions.js');
type AccountActions = typeof import('./actions/accountActions.js');
type BundleActions = typeof import('./actions/callBundles.js');
type SignInActions = Pick<typeof import('./actions/signIn.js'), 'prepareSignIn' | 'signIn' | 'cancelSignIn'>;
type RestArgs<F> = F extends (ctx: KernelContext, ...rest: infer A) => unknown ? A : never;

function defaultIsMobile(): boolean {
  const w = globalThis as { matchMedia?: (q: string) => { matches: boolean } };
  return typeof w.matchMedia === 'function' && w.matchMedia('(max-width: 430px), (pointer: coarse) and (hover: none)').matches;
}

function initialNetworks(ctx: KernelContext): void {
  const { networks, defaultNetwork } = ctx.options;
  const storedId = ctx.storage.get('activeCaipNetworkId');
  const active = networks.find((n) => n.caipNetworkId === storedId) ?? defaultNetwork;
  const byNamespace: Partial<Record<ChainNamespace, NetworkState>> = {};
  for (const network of networks) {
    const ns = network.chainNamespace;
    const state = byNamespace[ns] ?? getNetworkState(ctx, ns);
    byNamespace[ns] = { ...state, requestedCaipNetworks: [...state.requestedCaipNetworks, network] };
  }
  for (const [ns, state] of Object.entries(byNamespace) as [ChainNamespace, NetworkState][]) {
    byNamespace[ns] = { ...state, caipNetwork: active.chainNamespace === ns ? active : state.requestedCaipNetworks[0] };
  }
  ctx.store.set(networksAtom, byNamespace);
  ctx.store.set(activeNamespaceAtom, active.chainNamespace);
}

/**
 * Creates one independent modal instance. No request and no DOM work happen here; the only
 * deferred work is restoring a stored session, which the visitor started on an earlier visit.
 */
export function createModal(userOptions: ModalOptions): ModalInstance {
  const options = resolveOptions(userOptions);
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const teardowns: (() => void)[] = [];
  const backend = options.storage === null ? createMemoryStorage() : (options.storage ?? defaultWebStorage() ?? createMemoryStorage());
  // Two instances on one page never share persisted state (README: "Storage").
  const storagePrefix = claimStoragePrefix(backend, options.storagePrefix, userOptions.storagePrefix !== undefined);
  teardowns.push(storagePrefix.release);
  const bus = createEventBus();
  const store = createStore();
  const { telemetry, stop: stopTelemetry } = connectTelemetry(bus, {
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
    storage: createStorage(backend, storagePrefix.prefix),
    options: { ...options, storagePrefix: storagePrefix.prefix },
    adapters: new Map(),
    adapterTeardowns: new Map(),
    connectorPlugins: new Map(),
    sessionConnectors: new WeakMap(),
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
      return () => {
        clearTimeout(timer);
        timers.delete(timer);
      };
    },
    sleep: (ms) => new Promise((resolve) => ctx.later(ms, resolve)),
  };

  initialNetworks(ctx);
  const status = initialConnectionStatus(ctx.storage.get('connectionStatus'));
  store.set(connectionStatusAtom, status);
  // The account kept with a session to restore (a CAIP-10 id, checked when read): shown until the restore settles.
  if (status === 'connecting') ctx.pending.restoring = ctx.storage.get('activeCaipAddress')?.split(':')[2];
  // The connected account is kept with the status, so a server render can show it (cookie storage).
  teardowns.push(
    store.sub(activeAccountAtom, () => {
      const account = store.get(activeAccountAtom);
      if (account?.status === 'connected' && account.caipAddress) ctx.storage.set('activeCaipAddress', account.caipAddress);
    }),
  );

  function registerAdapter(adapter: ChainAdapter): void {
    const ns = adapter.namespace;
    ctx.adapters.set(ns, adapter);
    const teardown = adapter.setup?.({
      get networks() {
        return getNetworkState(ctx, ns).requestedCaipNetworks;
      },
      emit: (event) => void visitorActions().then((m) => m.handleAdapterEvent(ctx, ns, event)),
    });
    const unwatch = adapter.watchConnectors((connectors) => setConnectors(ctx, ns, connectors));
    ctx.adapterTeardowns.set(ns, () => {
      unwatch();
      teardown?.();
    });
  }

  function registerConnectorPlugin(plugin: ConnectorPlugin): void {
    ctx.connectorPlugins.set(plugin.id, plugin);
    const teardown = plugin.setup?.({
      get namespaces() {
        return [...ctx.adapters.keys()];
      },
      networks: (ns) => getNetworkState(ctx, ns).requestedCaipNetworks,
      storage: ctx.storage.scoped(`connector:${plugin.id}:`),
      metadata: options.metadata,
      features: options.features,
      emit: (event) => {
        if (event.type === 'disconnected') void visitorActions().then((m) => m.endSession(ctx, plugin, { tellPlugin: false }));
      },
      openView: async (view, data) => (await visitorActions()).showView(ctx, view, data),
      notify: async (notice) => (await visitorActions()).notify(ctx, notice),
    });
    if (teardown) teardowns.push(teardown);
  }

  function registerPlugin(plugin: FeaturePlugin): void {
    if (!options.features[plugin.feature]) return;
    ctx.plugins.set(plugin.id, plugin);
  }

  teardowns.push(stopTelemetry);
  options.adapters?.forEach(registerAdapter);
  options.connectors?.forEach(registerConnectorPlugin);
  listConnectorPlugins(ctx);
  options.plugins?.forEach(registerPlugin);
  // Restoring a stored session loads on use: a first visit never needs it.
  // One restore at a time (§4): a second call while one runs gets the same promise.
  let reconnecting: Promise<void> | undefined;
  const reconnect = () =>
    (reconnecting ??= visitorActions()
      .then((m) => m.reconnect(ctx))
      .finally(() => {
        reconnecting = undefined;
      }));
  if (store.get(connectionStatusAtom) === 'connecting') void reconnect();

  let snapshot: ModalSnapshot | undefined;
  const listeners = new Set<(state: ModalSnapshot) => void>();
  const unsubscribers = OBSERVED_ATOMS.map((a) =>
    store.sub(a, () => {
      snapshot = undefined;
      const next = instance.getState();
      for (const listener of listeners) listener(next);
    }),
  );

  /** A method of the account-actions chunk (send, activity, NFTs, names), loaded through the visitor-actions chunk on first use. */
  const account =
    <K extends keyof AccountActions>(name: K) =>
    async (...args: RestArgs<AccountActions[K]>): Promise<Awaited<ReturnType<AccountActions[K]>>> => {
      const actions = await (await visitorActions()).accountActions();
      return (actions[name] as unknown as (ctx: KernelContext, ...rest: unknown[]) => Awaited<ReturnType<AccountActions[K]>>)(ctx, ...args);
    };

  /**
   * A method of the call-bundle chunk (EIP-5792 bundles, and ERC-7715 session permissions for the smartSessions
   * feature): a chunk of its own, loaded when the host first uses one.
   */
  const bundle =
    <K extends keyof BundleActions>(name: K) =>
    async (...args: RestArgs<BundleActions[K]>): Promise<Awaited<ReturnType<BundleActions[K]>>> => {
      const actions = await import('./actions/callBundles.js');
      return (actions[name] as unknown as (ctx: KernelContext, ...rest: unknown[]) => Awaited<ReturnType<BundleActions[K]>>)(ctx, ...args);
    };

  /** A step of the §4 sign-in flow, whose chunk loads through the visitor-actions chunk on first use. */
  const signIn =
    <K extends keyof SignInActions>(name: K) =>
    async (...args: RestArgs<SignInActions[K]>): Promise<Awaited<ReturnType<SignInActions[K]>>> => {
      const actions = await (await visitorActions()).signInActions();
      return (actions[name] as unknown as (ctx: KernelContext, ...rest: unknown[]) => Awaited<ReturnType<SignInActions[K]>>)(ctx, ...args);
    };

  const internals: ModalInternals = {
    store,
    router: {
      push: (view, data) => pushView(ctx, view, data),
      replace: (view, data) => replaceView(ctx, view, data),
      reset: (view, data) => resetView(ctx, view, data),
      goBack: () => goBack(ctx),
      pushTransaction: (entry) => pushTransactionStack(ctx, entry),
      popTransaction: (outcome) => popTransactionStack(ctx, outcome),
    },
    feedback: {
      showSnack: (message, variant) => showSnack(ctx, message, variant),
      hideSnack: () => hideSnack(ctx),
      showAlert: (alert) => showAlert(ctx, alert),
      dismissAlert: () => dismissAlert(ctx),
      shake: () => shakeModal(ctx),
      setLoading: (loading) => setModalLoading(ctx, loading),
    },
    // Loaded on use: the Account view asks for tokens, the visitor asks to sign, hosts rarely remove things.
    refreshTokenBalances: async (ns) => (await visitorActions()).refreshTokenBalances(ctx, ns),
    preload: async () => void (await visitorActions()),
    setAccountTab: (ns, tab) => setAccountTab(ctx, ns, tab),
    setSendState: account('setSendState'),
    storeProfileName: async (ns, name) => (await visitorActions()).storeProfileName(ctx, ns, name),
    getPlugin: (id) => ctx.plugins.get(id),
    getConnectorPlugin: (id) => ctx.connectorPlugins.get(id),
    getRecentWallets: () => ctx.storage.get('recentWallets') ?? [],
    restoringAddress: () => ctx.pending.restoring,
    siwx: {
      prepare: signIn('prepareSignIn'),
      signIn: signIn('signIn'),
      cancel: signIn('cancelSignIn'),
    },
  };

  const instance: ModalInstance & { [INTERNALS]: ModalInternals } = {
    [INTERNALS]: internals,
    options: ctx.options,
    open: async (openOptions) => openModal(ctx, openOptions),
    close: (closeOptions) => closeModal(ctx, closeOptions),
    connect: async (connectorId, connectOptions) => (await visitorActions()).connectWallet(ctx, connectorId, connectOptions),
    connectMany: async (targets) => (await visitorActions()).connectWallets(ctx, targets),
    reconnect,
    switchNetwork: async (network) => (await visitorActions()).switchNetwork(ctx, network),
    disconnect: async (namespace) => (await visitorActions()).disconnect(ctx, namespace),
    signMessage: async (message, signOptions) => (await visitorActions()).signMessage(ctx, message, signOptions?.namespace),
    sendTransfer: async (request) => (await visitorActions()).sendTransfer(ctx, request),
    estimateSendFee: async (request) => (await visitorActions()).estimateSendFee(ctx, request),
    maxSendable: async (request = {}) => (await visitorActions()).maxSendable(ctx, request),
    waitForTransfer: async (hash, options) => (await visitorActions()).waitForTransfer(ctx, hash, options),
    getTransactions: account('getTransactions'),
    getNfts: account('getNfts'),
    resolveName: account('resolveName'),
    sendCalls: bundle('sendCalls'),
    getCallsStatus: bundle('getCallsStatus'),
    getCapabilities: bundle('getCapabilities'),
    grantPermissions: bundle('grantPermissions'),
    revokePermissions: bundle('revokePermissions'),
    getPermissions: bundle('getPermissions'),
    setPreferredAccountType: async (type, typeOptions) => (await visitorActions()).setPreferredAccountType(ctx, type, typeOptions),
    addNetwork: (ns, network) => addNetwork(ctx, ns, network),
    removeNetwork: async (ns, id) => (await visitorActions()).removeNetwork(ctx, ns, id),
    removeAdapter: async (ns) => (await visitorActions()).removeAdapter(ctx, ns),
    getAdapter: (ns) => ctx.adapters.get(ns),
    getCapability: (ns, name) => capabilityOf(ctx, ns, name),
    getState() {
      snapshot ??= getSnapshot(store);
      return snapshot;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    on(event, handler) {
      bus.on(event, handler);
      return () => bus.off(event, handler);
    },
    destroy() {
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      for (const unsubscribe of unsubscribers) unsubscribe();
      for (const teardown of ctx.adapterTeardowns.values()) teardown();
      ctx.adapterTeardowns.clear();
      for (const teardown of teardowns.splice(0)) teardown();
      listeners.clear();
      bus.all.clear();
    },
  };
  // Feature plugins set up with their context once the instance exists; its code loads then, off the first load.
  if (options.plugins?.some((plugin) => plugin.setup))
    void import('./plugins/createPluginContext.js').then((m) => m.setupPlugins(instance, teardowns));
  return instance;
}
