/**
 * @latch/kernel/internal — what a UI binding (and Latch's own tests) need beyond the public API:
 * an instance's store and the atoms to read it with, navigation, feedback, and timing constants.
 * Hosts use `@latch/kernel`; nothing here is covered by semver.
 */
export { getInternals, type ModalInternals } from './internals.js';
export type { SignInRequest } from './actions/signIn.js';
export { atom, createStore, type Atom, type Getter, type SetStateAction, type Store, type WritableAtom } from './state/store.js';
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
export { chooseInitialView, SHAKE_DURATION_MS } from './actions/modal.js';
export { SNACK_SWAP_DELAY_MS } from './actions/snackbar.js';
export { FARCASTER_CLEANUP_DELAY_MS } from './actions/router.js';
export { TOKEN_RETRY_GAP_MS } from './actions/tokens.js';
