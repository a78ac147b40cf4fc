/** The §8 message catalogue, verbatim: every user- or developer-facing error text lives here. */

export const ERROR_MESSAGES = Object.freeze({
  // Controllers
  FAILED_TO_DISCONNECT: 'Failed to disconnect',
  failedToDisconnectChain: (namespace: string, reason: string): string =>
    `Failed to disconnect chain ${namespace}: ${reason}`,
  CHAIN_REQUIRED_FOR_ACCOUNT_DATA: 'Chain is required to update chain account data',
  CHAIN_ADAPTER_NOT_FOUND: 'Chain adapter not found',
  NETWORK_CONTROLLER_CLIENT_NOT_SET: 'NetworkController client not set',
  CONNECTION_CONTROLLER_CLIENT_NOT_SET: 'ConnectionController client not set',
  NETWORK_NOT_FOUND: 'Network not found',
  ADDRESS_OR_AUTH_CONNECTOR_NOT_FOUND: 'Address or auth connector not found',

  // Names and activity
  ERROR_RESOLVING_NAME: 'Error resolving name',
  ERROR_FETCHING_NAME_SUGGESTIONS: 'Error fetching name suggestions',
  ERROR_FETCHING_NAMES_FOR_ADDRESS: 'Error fetching names for address',
  errorRegisteringName: (name: string): string => `Error registering name ${name}`,
  TRANSACTIONS_REQUIRE_ACCOUNT_ADDRESS: "Transactions can't be fetched without an accountAddress",

  // Snack bar
  TOKEN_BALANCE_UNAVAILABLE: 'Token Balance Unavailable',
  FAILED_TO_FETCH_TRANSACTIONS: 'Failed to fetch transactions',
  AUTHENTICATION_INIT_FAILED: 'A problem occurred while trying initialize authentication',
  SIGNATURE_DECLINED: 'Signature declined',
  SMART_ACCOUNTS_UNSUPPORTED: 'This application might not support Smart Accounts',

  // Sign-in
  SIWX_NOT_ENABLED: 'SIWX is not enabled',
  NO_ACTIVE_CAIP_ADDRESS: 'No ActiveCaipAddress found',
  NO_ACTIVE_CAIP_NETWORK_OR_CLIENT: 'No ActiveCaipNetwork or client found',
  NO_CONNECTION_CONTROLLER_CLIENT: 'No ConnectionController client found',
  SIWE_AND_SIWX: 'Cannot set both `siweConfig` and `siwx` options',

  // Embedded-wallet frame
  pleaseTryAgainAfter: (seconds: number): string => `Please try again after ${seconds} seconds`,
  EMAIL_LOGIN_DEPENDENCY_LOAD_FAILED: 'Unable to load email login dependency',
  FRAME_IFRAME_NOT_SET: 'W3mFrame: iframe is not set',
  FRAME_PARENT_NOT_SET: 'W3mFrame: parent is not set',
  REQUEST_ABORTED: 'Request was aborted',
  SOMETHING_WENT_WRONG: 'Something went wrong',
  AN_ERROR_OCCURRED: 'An error occurred',
  IFRAME_LOAD_FAILED: 'iframe_load_failed',
  IFRAME_REQUEST_TIMEOUT: 'iframe_request_timeout',

  // Networks and adapters
  CHAIN_NOT_SUPPORTED: 'Chain is not supported',
  WALLET_CONNECT_CONNECTOR_NOT_FOUND: 'WalletConnectConnector not found',
  ADAPTER_NOT_FOUND: 'Adapter not found',
  CAIP_NETWORK_UNDEFINED: 'CaipNetwork is undefined',
  CAIP_NETWORK_OR_ADDRESS_UNDEFINED: 'CaipNetwork or CaipAddress is undefined',
  CONTROLLER_CLIENTS_REQUIRED: 'ConnectionControllerClient and NetworkControllerClient must be set',

  UNKNOWN_ERROR: 'Unknown error',
} as const);

export const ALERT_IDS = [
  'NETWORK_NOT_FOUND',
  'INVALID_APP_CONFIGURATION',
  'EMBEDDED_WALLET_LOAD_FAILED',
  'EMBEDDED_WALLET_TIMEOUT',
  'SESSION_EXPIRED',
  'INVALID_PROJECT_ID',
  'PROJECT_ID_NOT_CONFIGURED',
  'UNVERIFIED_DOMAIN',
  'PROVIDER_INIT_FAILED',
] as const;
export type AlertId = (typeof ALERT_IDS)[number];

export interface Alert {
  readonly id: AlertId;
  readonly title: string;
  readonly description: string;
}

function alert(id: AlertId, title: string, description: string): Alert {
  return Object.freeze({ id, title, description });
}

/** §8 alerts; the kernel shows each at most once per page. */
export const ALERTS: Readonly<Record<AlertId, Alert>> = Object.freeze({
  NETWORK_NOT_FOUND: alert(
    'NETWORK_NOT_FOUND',
    'Network Not Found',
    'This network is not configured for the app. Add it to the networks option or pick another network.'
  ),
  INVALID_APP_CONFIGURATION: alert(
    'INVALID_APP_CONFIGURATION',
    'Invalid App Configuration',
    "This page's origin is not on the project's allowlist. Add the origin to the project's allowed domains."
  ),
  EMBEDDED_WALLET_LOAD_FAILED: alert(
    'EMBEDDED_WALLET_LOAD_FAILED',
    'Network Error - Could not load embedded wallet',
    'The embedded wallet frame failed to load. Check the network connection and try again.'
  ),
  EMBEDDED_WALLET_TIMEOUT: alert(
    'EMBEDDED_WALLET_TIMEOUT',
    'Embedded Wallet Request Timed Out',
    'The embedded wallet did not answer in time. Check the network connection and try again.'
  ),
  SESSION_EXPIRED: alert(
    'SESSION_EXPIRED',
    'Session Expired',
    'Invalid session found on UniversalProvider - please check your time settings and connect again'
  ),
  INVALID_PROJECT_ID: alert(
    'INVALID_PROJECT_ID',
    'Invalid Project ID',
    'The projectId option was rejected by the server. Check that it is copied correctly.'
  ),
  PROJECT_ID_NOT_CONFIGURED: alert(
    'PROJECT_ID_NOT_CONFIGURED',
    'Project ID Not Configured',
    'Set the projectId option to enable wallet-connect sessions and the embedded wallet.'
  ),
  UNVERIFIED_DOMAIN: alert(
    'UNVERIFIED_DOMAIN',
    'Unverified Domain',
    "This domain is not verified for the project, so wallets may warn visitors. Verify it in the project's settings."
  ),
  PROVIDER_INIT_FAILED: alert(
    'PROVIDER_INIT_FAILED',
    'Provider Initialization Failed',
    'The wallet-connect provider could not start. Reload the page and try again.'
  ),
});
