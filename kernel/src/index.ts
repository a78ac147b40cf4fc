/**
 * @latch/kernel — the framework-agnostic core of the Latch wallet modal. Every public name is
 * listed here; UI bindings find what they need beyond it in `@latch/kernel/internal`.
 * Importing this module does nothing: no I/O, no DOM access, no global state.
 */

// The instance.
export { createModal, type ModalInstance } from './createModal.js';
export type { ModalSnapshot } from './snapshot.js';
export type { LatchEvents } from './events.js';
export type { OpenOptions } from './actions/modal.js';
export type { ConnectManyResult, ConnectTarget } from './actions/connect.js';
export type { MaxSend, MaxSendRequest, SendFee, SendRequest, SendResult } from './actions/send.js';
export type { AccountPageOptions } from './actions/history.js';
export type { SendCallsOptions } from './actions/callBundles.js';
export type { GrantedPermission, GrantPermissionsRequest, GrantPermissionsResult } from './actions/permissions.js';
export type { SignInRequest } from './actions/signIn.js';
export { signInFlow, type SignInFlow } from './signInFlow.js';
export {
  DEFAULT_FEATURES,
  FEATURE_NAMES,
  SOCIAL_PROVIDERS,
  type CustomWallet,
  type DappMetadata,
  type FeatureFlag,
  type FeatureName,
  type Features,
  type PluginFeatures,
  type ModalOptions,
  type ResolvedOptions,
  type SiwxAccount,
  type SiwxConfig,
  type SiwxMessageToSign,
  type SiwxNamespaceAccount,
  type SocialProvider,
} from './options.js';
export type { StorageLike } from './storage.js';
export {
  cookieStorage,
  cookieToInitialState,
  parseCookies,
  type CookieStorageOptions,
  type LatchInitialState,
} from './cookieStorage.js';

// Domain types (§3) and the state a snapshot carries.
export type {
  AccountEntry,
  AccountType,
  BlockExplorer,
  CaipAddress,
  CaipNetwork,
  CaipNetworkId,
  ChainNamespace,
  ConnectionStatus,
  KnownNamespace,
  NativeCurrency,
  RecentWallet,
  RpcUrls,
  ThemeMode,
  TokenBalance,
  WalletInfo,
} from './types.js';
export type {
  AccountState,
  AccountTab,
  AlertMessage,
  AlertsState,
  BuiltInView,
  NetworkState,
  OpenableView,
  PluginViews,
  RouteEntry,
  SendState,
  SnackState,
  SnackVariant,
  TransactionStackEntry,
  View,
} from './state/atoms.js';

// Plugin contracts: chain adapters, connectors, connector plugins, feature plugins, data services.
export {
  getCapability,
  type AdapterCapabilities,
  type AdapterContext,
  type AdapterEvent,
  type Balance,
  type BundleCall,
  type CallCapability,
  type CallsCapability,
  type CallsReceipt,
  type CallsStatus,
  type CapabilityName,
  type ChainAdapter,
  type ConnectOptions,
  type ConnectResult,
  type FeeQuote,
  type MaxSendable,
  type ReconnectOptions,
  type SendCallsRequest,
  type SendCallsResult,
  type SignMessageRequest,
  type TransferOutcome,
  type TransferRequest,
  type WaitForTransferRequest,
  type WalletCallCapabilities,
} from './plugins/ChainAdapter.js';
export {
  CONNECTOR_TYPES,
  KNOWN_CONNECTOR_IDS,
  sameConnectors,
  watchConnectorList,
  type Connector,
  type ConnectorType,
  type WalletCapabilities,
} from './plugins/Connector.js';
export type {
  ConnectorContext,
  ConnectorNotice,
  ConnectorPlugin,
  ConnectorPluginEvent,
  ConnectorStorage,
  ConnectorWallet,
  SessionNamespace,
  SessionRequest,
  SharedSession,
} from './plugins/ConnectorPlugin.js';
export type { FeaturePlugin, LazyView } from './plugins/FeaturePlugin.js';
export { retryableImport } from './retryableImport.js';
export type { PluginContext, PluginFeedback, PluginRouter } from './plugins/PluginContext.js';
export type {
  AccountPageRequest,
  ActivityService,
  BalanceService,
  DataServices,
  Identity,
  IdentityService,
  NameService,
  Nft,
  NftService,
  Page,
  PriceRequestToken,
  PriceService,
  RegistryWallet,
  Transaction,
  TransactionTransfer,
  WalletRegistryService,
} from './plugins/dataServices.js';

// Errors: the base every Latch error extends, the EIP-1193 provider error, the standard codes and the message catalogue.
export {
  LatchError,
  invalidOption,
  isLatchError,
  readErrorCode,
  readErrorMessage,
  readUntrustedProperty,
  toLatchError,
  type ErrorCategory,
  type LatchErrorOptions,
} from './primitives.js';
export { ProviderRpcError, type ProviderRpcErrorOptions } from './errors/ProviderRpcError.js';
export { httpStatusError } from './errors/sharedCodes.js';
export { ERROR_CODES, describeErrorCode, isUserRejection, type ErrorCode, type ErrorCodeName } from './errors/codes.js';
export { CONNECTOR_ERRORS, connectorError, type ConnectorErrorKind } from './errors/providerMessages.js';
export {
  ADAPTER_NOT_FOUND_MESSAGE,
  AUTHENTICATION_INIT_FAILED_MESSAGE,
  CHAIN_NOT_SUPPORTED_MESSAGE,
  EMAIL_LOGIN_DEPENDENCY_LOAD_FAILED_MESSAGE,
  EMBEDDED_WALLET_LOAD_FAILED_ALERT,
  EMBEDDED_WALLET_TIMEOUT_ALERT,
  ERROR_FETCHING_NAMES_FOR_ADDRESS_MESSAGE,
  ERROR_FETCHING_NAME_SUGGESTIONS_MESSAGE,
  ERROR_RESOLVING_NAME_MESSAGE,
  FAILED_TO_DISCONNECT_MESSAGE,
  FAILED_TO_FETCH_TRANSACTIONS_MESSAGE,
  FRAME_PARENT_NOT_SET_MESSAGE,
  INVALID_APP_CONFIGURATION_ALERT,
  INVALID_PROJECT_ID_ALERT,
  NETWORK_NOT_FOUND_ALERT,
  NETWORK_NOT_FOUND_MESSAGE,
  NO_ACTIVE_CAIP_ADDRESS_MESSAGE,
  NO_ACTIVE_CAIP_NETWORK_OR_CLIENT_MESSAGE,
  REQUEST_ABORTED_MESSAGE,
  SEND_AMOUNT_AND_RECEIVER_REQUIRED_MESSAGE,
  SEND_TOKEN_REQUIRED_MESSAGE,
  SESSION_EXPIRED_ALERT,
  SIGNATURE_DECLINED_MESSAGE,
  SIWE_AND_SIWX_MESSAGE,
  SIWX_NOT_ENABLED_MESSAGE,
  SMART_ACCOUNTS_UNSUPPORTED_MESSAGE,
  SOMETHING_WENT_WRONG_MESSAGE,
  TOKEN_BALANCE_UNAVAILABLE_MESSAGE,
  TRANSACTIONS_REQUIRE_ACCOUNT_ADDRESS_MESSAGE,
  UNKNOWN_ERROR_MESSAGE,
  UNSUPPORTED_CHAIN_MESSAGE,
  errorRegisteringName,
  failedToDisconnectChain,
  pleaseTryAgainAfter,
  type Alert,
  type AlertId,
} from './errors/messages.js';

// Helpers for plugins: CAIP grammar, amounts, display, caches.
export { formatCaipAddress, isCaipNamespace, isCaipNetworkId, parseCaipAddress, parseCaipNetworkId } from './primitives.js';
export type { ParsedCaipAddress, ParsedCaipNetworkId } from './primitives.js';
export {
  avatarColors,
  formatAccountBalance,
  formatBalance,
  formatQuantity,
  formatUnits,
  parseUnits,
  truncateAddress,
} from './primitives.js';
export {
  AMOUNT_MALFORMED_REASON,
  AMOUNT_REQUIRED_REASON,
  AMOUNT_ZERO_REASON,
  formatExactAmount,
  insufficientBalanceReason,
  insufficientForFeeReason,
  parseAmountInput,
  tooManyDecimalsReason,
  transactionExplorerUrl,
  type AmountInput,
} from './amount.js';
export { filterTokenBalances, nativeTokenBalance } from './tokenBalance.js';
export {
  ADDRESS_CACHE_MAX_ENTRIES,
  BALANCE_CACHE_TTL_MS,
  NAME_CACHE_TTL_MS,
  createTtlCache,
  type TtlCache,
  type TtlCacheOptions,
} from './cache.js';
