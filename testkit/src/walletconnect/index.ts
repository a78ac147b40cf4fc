export { MemoryKeyValueStorage } from './memoryStorage.js';
export { type WalletConnectRelay, type WalletConnectRelayOptions, startWalletConnectRelay } from './relay.js';
export { signRelayAuth } from './relayAuth.js';
export type { RelayedMessage } from './relayMailbox.js';
export { SESSION_PROPOSAL_RESPONSE_TAG, SESSION_PROPOSAL_TAG, SESSION_SETTLE_REQUEST_TAG } from './relayProtocol.js';
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
