/**
 * @latch/kernel/internal — what a UI binding (and Latch's own tests) need beyond the public API:
 * an instance's store and the atoms to read it with, navigation, feedback, and timing constants.
 * Hosts use `@latch/kernel`; nothing here is covered by semver.
 */
export { getInternals, type ModalInternals } from './internals.js';
export type { SignInRequest } from './actions/signIn.js';
export { type AnyPlugin, pluginContext, viewContext } from './plugins/createPluginContext.js';
/*
 * The store is jotai's (`jotai/vanilla`), re-exported so bindings and plugins declare atoms and read an
 * instance's store with the same jotai the kernel uses: `atom(initial)` for a value of its own, `atom((get) => …)`
 * for a derived one; `store.get`, `store.set`, `store.sub`. React reads it with `jotai/react`'s hooks.
 */
export { atom, createStore } from 'jotai/vanilla';
export type { Atom, Getter, PrimitiveAtom, SetStateAction, Store } from 'jotai/vanilla';
/** An atom holding a value of its own (what `atom(initial)` returns): jotai's `PrimitiveAtom`. */
export type WritableAtom<V> = import('jotai/vanilla').PrimitiveAtom<V>;
export {
  accountsAtom,
  activeAccountAtom,
  activeNamespaceAtom,
  activeNetworkAtom,
  alertsAtom,
  allConnectorsAtom,
  connectionStatusAtom,
  connectorsAtom,
  currentViewAtom,
  EMPTY_ACCOUNT,
  modalAtom,
  namespaceSwitchAtom,
  networksAtom,
  pluginConnectorsAtom,
  routerAtom,
  sendAtom,
  snackAtom,
  transactionStackAtom,
} from './state/atoms.js';
export type { ModalState, RouterState } from './state/atoms.js';
export { chooseInitialView, type InitialViewInput, SHAKE_DURATION_MS } from './actions/modal.js';
export { SNACK_SWAP_DELAY_MS } from './actions/snackbar.js';
export { FARCASTER_CLEANUP_DELAY_MS } from './actions/router.js';
export { TOKEN_RETRY_GAP_MS } from './actions/tokens.js';
