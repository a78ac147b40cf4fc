/**
 * `@latch/devnet/walletconnect`: a local WalletConnect relay. The test wallet that pairs through it
 * (`startWalletConnectWallet`) is in `@latch/testkit/walletconnect`.
 */
export { type WalletConnectRelay, type WalletConnectRelayOptions, startWalletConnectRelay } from './relay.js';
export { signRelayAuth } from './relayAuth.js';
export type { RelayedMessage } from './relayMailbox.js';
export { SESSION_PROPOSAL_RESPONSE_TAG, SESSION_PROPOSAL_TAG, SESSION_SETTLE_REQUEST_TAG } from './relayProtocol.js';
