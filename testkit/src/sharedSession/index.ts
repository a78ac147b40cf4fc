/**
 * `@latch/testkit/shared-session`: a WalletConnect-like shared session with real keys. Browser-safe.
 * The connector (`createSharedSessionConnector`) imports nothing of the wallet; the wallet side
 * (`createSharedSessionWallet`, `installSharedSessionWallet`) holds the testkit's EVM, Solana and toy mocks.
 * `sharedSessionWalletInitScript` (Node only) is in `@latch/testkit`.
 */
export { createSharedSessionConnector, type SharedSessionConnectorOptions } from './connector.js';
export { createSharedSessionWallet } from './wallet.js';
export { installSharedSessionWallet } from './install.js';
export { SharedWalletError, UNSUPPORTED_NAMESPACES_CODE } from './walletError.js';
export {
  SHARED_WALLET_GLOBAL,
  SHARED_WALLET_ICON,
  SHARED_WALLET_ID,
  SHARED_WALLET_NAME,
  SHARED_WALLET_NAMESPACES,
  sharedSessionKey,
} from './walletInfo.js';
export type {
  ApprovedSession,
  SharedSessionWallet,
  SharedSessionWalletOptions,
  SharedWalletFailure,
  SharedWalletInfo,
  SharedWalletNamespace,
  SharedWalletProviders,
} from './types.js';
