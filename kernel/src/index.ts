/**
 * @latch/kernel — the framework-agnostic core of the Latch wallet modal.
 * Importing this module does nothing: no I/O, no DOM access, no global state.
 */
export { createModal, type ModalInstance } from './createModal.js';
export type { ModalSnapshot } from './snapshot.js';
export {
  DEFAULT_ACCOUNT_TYPES,
  DEFAULT_FEATURES,
  FEATURE_NAMES,
  SOCIAL_PROVIDERS,
  resolveOptions,
  type CustomWallet,
  type DappMetadata,
  type FeatureName,
  type Features,
  type ModalOptions,
  type ResolvedOptions,
  type SiwxConfig,
  type SocialProvider,
} from './options.js';
export type { LatchEvents } from './events.js';
export * from './types.js';

// Contracts for plugins.
export * from './plugins/ChainAdapter.js';
export * from './plugins/Connector.js';
export * from './plugins/FeaturePlugin.js';
export * from './plugins/dataServices.js';

// State, for UI bindings that read atoms from an instance's store.
export * from './state/atoms.js';
export { chooseInitialView, SHAKE_DURATION_MS, type OpenOptions } from './actions/modal.js';
export { SNACK_SWAP_DELAY_MS } from './actions/snackbar.js';
export { FARCASTER_CLEANUP_DELAY_MS } from './actions/router.js';
export { initialConnectionStatus, nextConnectionStatus, type StatusEvent } from './actions/connectionStatus.js';
export { TOKEN_RETRY_GAP_MS } from './actions/tokens.js';
export type { ConnectManyResult, ConnectTarget } from './actions/connect.js';
export { BALANCE_NAMESPACES, IDENTITY_NAMESPACES, ZERO_BALANCE } from './actions/account.js';

// Storage, errors, telemetry, HTTP.
export * from './storage.js';
export * from './errors/LatchError.js';
export * from './errors/messages.js';
export * from './errors/codes.js';
export * from './errors/providerMessages.js';
export * from './telemetry/telemetry.js';
export * from './http/httpClient.js';

// Helpers shared by every plugin.
export * from './caip.js';
export * from './address.js';
export * from './validation.js';
export * from './format.js';
export * from './cache.js';
export * from './tokenBalance.js';
export * from './networks/solana.js';
export * from './networks/bitcoin.js';
export * from './networks/decimals.js';
