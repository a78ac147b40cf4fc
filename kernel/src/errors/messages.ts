/**
 * The §8 message catalogue, verbatim: the error texts the modal shows or throws, each used by a Latch package. Left
 * out on purpose: the texts about another design's controller clients, a chain argument, a 'chain adapter' (the
 * kernel says 'Adapter not found') and an undefined CaipNetwork/CaipAddress, whose cases no Latch code path has; and
 * texts and alerts nothing shows yet (kernel/README.md lists them), added back with their first caller.
 */

/* Each message is its own export so a bundle keeps only the texts it uses. */

/* The account's messages (send, activity, names) live in their own module, so they load with the account's chunk. */
export {
  ERROR_RESOLVING_NAME_MESSAGE,
  FAILED_TO_FETCH_TRANSACTIONS_MESSAGE,
  SEND_AMOUNT_AND_RECEIVER_REQUIRED_MESSAGE,
  SEND_TOKEN_REQUIRED_MESSAGE,
  TRANSACTIONS_REQUIRE_ACCOUNT_ADDRESS_MESSAGE,
  UNSUPPORTED_CHAIN_MESSAGE,
} from './accountMessages.js';
/* So are the sign-in flow's (§4), which load with its chunk. */
export {
  NO_ACTIVE_CAIP_ADDRESS_MESSAGE,
  NO_ACTIVE_CAIP_NETWORK_OR_CLIENT_MESSAGE,
  SIGNATURE_DECLINED_MESSAGE,
  SIWX_NOT_ENABLED_MESSAGE,
  SMART_ACCOUNTS_UNSUPPORTED_MESSAGE,
} from './signInMessages.js';
/*
 * And the texts only code loaded on use shows (the visitor's actions, the views, the connectors' and adapters' lazy
 * code): here, they would ride in every page's entry chunk with the few texts below that `createModal` needs.
 */
export {
  AUTHENTICATION_INIT_FAILED_MESSAGE,
  EMAIL_LOGIN_DEPENDENCY_LOAD_FAILED_MESSAGE,
  EMBEDDED_WALLET_LOAD_FAILED_ALERT,
  EMBEDDED_WALLET_TIMEOUT_ALERT,
  ERROR_FETCHING_NAME_SUGGESTIONS_MESSAGE,
  ERROR_FETCHING_NAMES_FOR_ADDRESS_MESSAGE,
  errorRegisteringName,
  FAILED_TO_DISCONNECT_MESSAGE,
  failedToDisconnectChain,
  FRAME_PARENT_NOT_SET_MESSAGE,
  INVALID_PROJECT_ID_ALERT,
  NETWORK_NOT_FOUND_ALERT,
  NETWORK_NOT_FOUND_MESSAGE,
  pleaseTryAgainAfter,
  REQUEST_ABORTED_MESSAGE,
  SESSION_EXPIRED_ALERT,
  SOMETHING_WENT_WRONG_MESSAGE,
  TOKEN_BALANCE_UNAVAILABLE_MESSAGE,
} from './actionMessages.js';

// Options (§5), adapters and errors: what `createModal` and the first-load code use.
export const SIWE_AND_SIWX_MESSAGE = 'Cannot set both `siweConfig` and `siwx` options';
export const ADAPTER_NOT_FOUND_MESSAGE = 'Adapter not found';
/* Adapters' wallet errors (bip122, solana) build this one at first load. */
export const CHAIN_NOT_SUPPORTED_MESSAGE = 'Chain is not supported';
export const UNKNOWN_ERROR_MESSAGE = 'Unknown error';

/** The alerts the modal shows, each at most once per page. */
export type AlertId =
  | 'NETWORK_NOT_FOUND'
  | 'INVALID_APP_CONFIGURATION'
  | 'EMBEDDED_WALLET_LOAD_FAILED'
  | 'EMBEDDED_WALLET_TIMEOUT'
  | 'SESSION_EXPIRED'
  | 'INVALID_PROJECT_ID';

export interface Alert {
  readonly id: AlertId;
  readonly title: string;
  readonly description: string;
}

/* Each alert is its own export so a bundle keeps only the ones it shows. */

export const INVALID_APP_CONFIGURATION_ALERT: Alert = /* @__PURE__ */ Object.freeze({
  id: 'INVALID_APP_CONFIGURATION',
  title: 'Invalid App Configuration',
  description: "This page's origin is not on the project's allowlist. Add the origin to the project's allowed domains.",
});
