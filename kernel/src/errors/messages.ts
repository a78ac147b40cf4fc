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

// Connections and networks
export const FAILED_TO_DISCONNECT_MESSAGE = 'Failed to disconnect';
export const failedToDisconnectChain = (namespace: string, reason: string): string => `Failed to disconnect chain ${namespace}: ${reason}`;
export const NETWORK_NOT_FOUND_MESSAGE = 'Network not found';

// Names and activity
export const ERROR_FETCHING_NAME_SUGGESTIONS_MESSAGE = 'Error fetching name suggestions';
export const ERROR_FETCHING_NAMES_FOR_ADDRESS_MESSAGE = 'Error fetching names for address';
export const errorRegisteringName = (name: string): string => `Error registering name ${name}`;

// Snack bar
export const TOKEN_BALANCE_UNAVAILABLE_MESSAGE = 'Token Balance Unavailable';
export const AUTHENTICATION_INIT_FAILED_MESSAGE = 'A problem occurred while trying initialize authentication';

// Sign-in
export const SIWE_AND_SIWX_MESSAGE = 'Cannot set both `siweConfig` and `siwx` options';

// Embedded-wallet frame
export const pleaseTryAgainAfter = (seconds: number): string => `Please try again after ${seconds} seconds`;
export const EMAIL_LOGIN_DEPENDENCY_LOAD_FAILED_MESSAGE = 'Unable to load email login dependency';
export const FRAME_PARENT_NOT_SET_MESSAGE = 'W3mFrame: parent is not set';
export const REQUEST_ABORTED_MESSAGE = 'Request was aborted';
export const SOMETHING_WENT_WRONG_MESSAGE = 'Something went wrong';

// Networks and adapters
export const CHAIN_NOT_SUPPORTED_MESSAGE = 'Chain is not supported';
export const ADAPTER_NOT_FOUND_MESSAGE = 'Adapter not found';

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

function alert(id: AlertId, title: string, description: string): Alert {
  return Object.freeze({ id, title, description });
}

/* Each alert is its own export so a bundle keeps only the ones it shows. */

export const NETWORK_NOT_FOUND_ALERT: Alert = /* @__PURE__ */ alert(
  'NETWORK_NOT_FOUND',
  'Network Not Found',
  'This network is not configured for the app. Add it to the networks option or pick another network.',
);

export const INVALID_APP_CONFIGURATION_ALERT: Alert = /* @__PURE__ */ alert(
  'INVALID_APP_CONFIGURATION',
  'Invalid App Configuration',
  "This page's origin is not on the project's allowlist. Add the origin to the project's allowed domains.",
);

export const EMBEDDED_WALLET_LOAD_FAILED_ALERT: Alert = /* @__PURE__ */ alert(
  'EMBEDDED_WALLET_LOAD_FAILED',
  'Network Error - Could not load embedded wallet',
  'The embedded wallet frame failed to load. Check the network connection and try again.',
);

export const EMBEDDED_WALLET_TIMEOUT_ALERT: Alert = /* @__PURE__ */ alert(
  'EMBEDDED_WALLET_TIMEOUT',
  'Embedded Wallet Request Timed Out',
  'The embedded wallet did not answer in time. Check the network connection and try again.',
);

export const SESSION_EXPIRED_ALERT: Alert = /* @__PURE__ */ alert(
  'SESSION_EXPIRED',
  'Session Expired',
  'Invalid session found on UniversalProvider - please check your time settings and connect again',
);

export const INVALID_PROJECT_ID_ALERT: Alert = /* @__PURE__ */ alert(
  'INVALID_PROJECT_ID',
  'Invalid Project ID',
  'The projectId option was rejected by the server. Check that it is copied correctly.',
);
