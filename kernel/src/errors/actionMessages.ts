import type { Alert, AlertId } from './messages.js';

/*
 * The §8 texts (messages.ts re-exports them, one catalogue) that only code loaded on use shows: the visitor's actions,
 * the views, the connectors' and the adapters' lazy code. A module of their own, so that the few texts `createModal`
 * needs (messages.ts) can ride in the page's entry chunk without these.
 */

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

// Embedded-wallet frame
export const pleaseTryAgainAfter = (seconds: number): string => `Please try again after ${seconds} seconds`;
export const EMAIL_LOGIN_DEPENDENCY_LOAD_FAILED_MESSAGE = 'Unable to load email login dependency';
export const FRAME_PARENT_NOT_SET_MESSAGE = 'W3mFrame: parent is not set';
export const REQUEST_ABORTED_MESSAGE = 'Request was aborted';
export const SOMETHING_WENT_WRONG_MESSAGE = 'Something went wrong';

function alert(id: AlertId, title: string, description: string): Alert {
  return Object.freeze({ id, title, description });
}

export const NETWORK_NOT_FOUND_ALERT: Alert = /* @__PURE__ */ alert(
  'NETWORK_NOT_FOUND',
  'Network Not Found',
  'This network is not configured for the app. Add it to the networks option or pick another network.',
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
