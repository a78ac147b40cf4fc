import { setAccountTab } from './actions/accountState.js';
import { dismissAlert, showAlert } from './actions/alerts.js';
import { type OpenOptions, setModalLoading, shakeModal } from './actions/modal.js';
import { goBack, popTransactionStack, pushTransactionStack, pushView, replaceView, resetView } from './actions/router.js';
import { hideSnack, showSnack } from './actions/snackbar.js';
import type { KernelContext } from './context.js';
import type { ModalInternals } from './internals.js';
import { type BoundActions, bindActions, visitorActions } from './instance/bindActions.js';
import type { ConnectManyResult, ConnectTarget } from './actions/connect.js';
import type { LatchEvents } from './events.js';
import type { ModalOptions, ResolvedOptions } from './options.js';
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
import type { ModalSnapshot } from './snapshot.js';
import type { AccountType, CaipNetwork, CaipNetworkId, ChainNamespace } from './types.js';
import { assembleContext } from './instance/assembleContext.js';
import { loadInitialState } from './instance/initialState.js';
import { createMethods } from './instance/methods.js';
import { registerPlugins } from './instance/plugins.js';
import { createReconnect } from './instance/reconnect.js';
import { observeSnapshots } from './instance/snapshots.js';

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
  /**
   * Restores stored sessions silently. When the last visit was connected it runs on its own once the page has painted:
   * a background task after creation, then two frames (a hidden page does not wait for them).
   */
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

/**
 * Creates one independent modal instance. No request and no DOM work happen here; the only
 * deferred work is restoring a stored session, which the visitor started on an earlier visit.
 */
export function createModal(userOptions: ModalOptions): ModalInstance {
  // What the instance started, stopped by destroy() in this order.
  const teardowns: (() => void)[] = [];
  const ctx = assembleContext(userOptions, teardowns);
  loadInitialState(ctx, teardowns);
  registerPlugins(ctx, teardowns);
  const reconnect = createReconnect(ctx, teardowns);
  const snapshots = observeSnapshots(ctx.store);
  const actions = bindActions(ctx);
  const instance = createMethods(ctx, teardowns, snapshots, reconnect, actions, createInternals(ctx, actions));
  // Feature plugins set up with their context once the instance exists; its code loads then, off the first load.
  if (ctx.options.plugins?.some((plugin) => plugin.setup))
    void import('./plugins/createPluginContext.js').then((m) => m.setupPlugins(instance, teardowns));
  return instance;
}

/**
 * What a UI binding reads beyond the public instance (`getInternals`): the store, navigation, feedback, plugins.
 * Written here, not in a module of its own under instance/: there, Vite's bundler (rolldown) split two shared
 * modules (caip, LatchError) out of the entry chunk of an app with the embedded wallet, +0.5 kB of first load.
 */
function createInternals(ctx: KernelContext, { bind, visitor, account, signIn }: BoundActions): ModalInternals {
  return {
    store: ctx.store,
    router: {
      push: bind(pushView),
      replace: bind(replaceView),
      reset: bind(resetView),
      goBack: bind(goBack),
      pushTransaction: bind(pushTransactionStack),
      popTransaction: bind(popTransactionStack),
    },
    feedback: {
      showSnack: bind(showSnack),
      hideSnack: bind(hideSnack),
      showAlert: bind(showAlert),
      dismissAlert: bind(dismissAlert),
      shake: bind(shakeModal),
      setLoading: bind(setModalLoading),
    },
    // Loaded on use: the Account view asks for tokens, the visitor asks to sign, hosts rarely remove things.
    refreshTokenBalances: visitor('refreshTokenBalances'),
    preload: async () => void (await visitorActions()),
    setAccountTab: bind(setAccountTab),
    setSendState: account('setSendState'),
    storeProfileName: visitor('storeProfileName'),
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
}
