import { capabilityOf, setAccountTab } from '../actions/accountState.js';
import { dismissAlert, showAlert } from '../actions/alerts.js';
import { closeModal, openModal, setModalLoading, shakeModal } from '../actions/modal.js';
import { addNetwork } from '../actions/networkState.js';
import { goBack, popTransactionStack, pushTransactionStack, pushView, replaceView, resetView } from '../actions/router.js';
import { hideSnack, showSnack } from '../actions/snackbar.js';
import type { KernelContext } from '../context.js';
import type { ModalInstance } from '../createModal.js';
import { INTERNALS, type ModalInternals } from '../internals.js';
import { type LazyActions, visitorActions } from './lazyActions.js';
import type { Snapshots } from './snapshots.js';

/**
 * The public method table of an instance: each method runs its action on the context, most from a lazy chunk.
 * `destroy` stops the snapshots, then the adapters, then runs the teardowns in the order they were added.
 */
export function createMethods(
  ctx: KernelContext,
  teardowns: (() => void)[],
  snapshots: Snapshots,
  reconnect: () => Promise<void>,
  { visitor, account, bundle }: LazyActions,
  internals: ModalInternals,
): ModalInstance & { [INTERNALS]: ModalInternals } {
  return {
    [INTERNALS]: internals,
    options: ctx.options,
    open: async (openOptions) => openModal(ctx, openOptions),
    close: (closeOptions) => closeModal(ctx, closeOptions),
    connect: visitor('connectWallet'),
    connectMany: visitor('connectWallets'),
    reconnect,
    switchNetwork: visitor('switchNetwork'),
    disconnect: visitor('disconnect'),
    signMessage: async (message, signOptions) => (await visitorActions()).signMessage(ctx, message, signOptions?.namespace),
    sendTransfer: visitor('sendTransfer'),
    estimateSendFee: visitor('estimateSendFee'),
    maxSendable: async (request = {}) => (await visitorActions()).maxSendable(ctx, request),
    waitForTransfer: visitor('waitForTransfer'),
    getTransactions: account('getTransactions'),
    getNfts: account('getNfts'),
    resolveName: account('resolveName'),
    sendCalls: bundle('sendCalls'),
    getCallsStatus: bundle('getCallsStatus'),
    getCapabilities: bundle('getCapabilities'),
    grantPermissions: bundle('grantPermissions'),
    revokePermissions: bundle('revokePermissions'),
    getPermissions: bundle('getPermissions'),
    setPreferredAccountType: visitor('setPreferredAccountType'),
    addNetwork: (ns, network) => addNetwork(ctx, ns, network),
    removeNetwork: visitor('removeNetwork'),
    removeAdapter: visitor('removeAdapter'),
    getAdapter: (ns) => ctx.adapters.get(ns),
    getCapability: (ns, name) => capabilityOf(ctx, ns, name),
    getState: snapshots.getState,
    subscribe: snapshots.subscribe,
    on(event, handler) {
      ctx.bus.on(event, handler);
      return () => ctx.bus.off(event, handler);
    },
    destroy() {
      snapshots.stop();
      for (const teardown of ctx.adapterTeardowns.values()) teardown();
      ctx.adapterTeardowns.clear();
      for (const teardown of teardowns.splice(0)) teardown();
      ctx.bus.all.clear();
    },
  };
}

/** What a UI binding reads beyond the public instance (`getInternals`): the store, navigation, feedback, plugins. */
export function createInternals(ctx: KernelContext, { visitor, account, signIn }: LazyActions): ModalInternals {
  return {
    store: ctx.store,
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
    refreshTokenBalances: visitor('refreshTokenBalances'),
    preload: async () => void (await visitorActions()),
    setAccountTab: (ns, tab) => setAccountTab(ctx, ns, tab),
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
