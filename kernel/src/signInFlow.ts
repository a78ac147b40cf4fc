import type { SignInRequest } from './actions/signIn.js';
import type { ModalInstance } from './createModal.js';
import { getInternals } from './internals.js';

/**
 * The steps of signing in with `siwx`, as the modal's sign-in view takes them: for a UI of your own in place of that
 * view, or a test that plays the visitor. Each step loads the sign-in code on first use.
 */
export interface SignInFlow {
  /**
   * The message for the active account, from `siwx.createMessage`. Rejects when `siwx` is not configured ('SIWX is
   * not enabled'), when no account is connected, or when its wallet cannot sign on a supported network.
   */
  prepare(): Promise<SignInRequest>;
  /**
   * Has the wallet sign `request` and stores the session with `siwx.addSession`, then closes the modal. A decline shows
   * the 'Signature declined' snack, keeps the visitor connected and on the view, and rejects with code 4001; a server
   * refusal rejects with its reason.
   */
  signIn(request: SignInRequest): Promise<void>;
  /** Gives up signing in: disconnects when `siwx.required`, else only closes; the modal goes back to Connect. */
  cancel(): Promise<void>;
}

/** The sign-in steps of a modal `createModal` returned (or a copy spread from one). */
export function signInFlow(modal: ModalInstance): SignInFlow {
  return getInternals(modal).siwx;
}
