export {
  createWalletConnectConnector,
  PUBLIC_RELAY_URL,
  WALLETCONNECT_VIEW,
  type WalletConnectOptions,
  type WalletConnectPlugin,
} from './createWalletConnectConnector.js';
export type { ConnectorSettings, WalletConnectMetadata, WalletConnectNamespace, WalletConnectStorage } from './settings.js';
export type { NamespaceEventListener, WalletConnectNamespaceProvider } from './genericBridge.js';
export { parseWalletRegistry, type WalletConnectWallet } from './walletRegistry.js';
export { buildDeepLink, detectPlatform, type DeepLink, type Platform, reusesLivePairing, type WalletLinks } from './deepLinks.js';
export { BUNDLED_WALLETCONNECT_WALLETS } from './bundledWallets.js';
