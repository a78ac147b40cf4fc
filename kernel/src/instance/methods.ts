import { capabilityOf } from '../actions/accountState.js';
import { closeModal, openModal } from '../actions/modal.js';
import { addNetwork } from '../actions/networkState.js';
import type { KernelContext } from '../context.js';
import type { ModalInstance } from '../createModal.js';
import { INTERNALS, type ModalInternals } from '../internals.js';
import { type BoundActions, visitorActions } from './bindActions.js';
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
  { bind, visitor, account, bundle }: BoundActions,
  internals: ModalInternals,
): ModalInstance & { [INTERNALS]: ModalInternals } {
  return {
    [INTERNALS]: internals,
    options: ctx.options,
    open: async (openOptions) => openModal(ctx, openOptions),
    close: bind(closeModal),
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
    addNetwork: bind(addNetwork),
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
