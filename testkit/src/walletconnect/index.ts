/**
 * `@latch/testkit/walletconnect` (Node): a WalletConnect test wallet with real keys, built on Reown's WalletKit.
 * It pairs through any relay its `relayUrl` names; the repository's local relay is in its private devnet workspace.
 */
export { MemoryKeyValueStorage } from './memoryStorage.js';
export { startWalletConnectWallet } from './wallet.js';
export type { WalletNamespace } from './walletNamespace.js';
export { WalletRequestError } from './walletRequestError.js';
export type {
  WalletConnectWallet,
  WalletConnectWalletBehaviour,
  WalletConnectWalletOptions,
  WalletConnectWalletProposal,
  WalletConnectWalletRequest,
} from './walletTypes.js';
