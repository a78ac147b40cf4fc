/** How long a silent reconnect waits for the stored wallet to register through the Wallet Standard. */
export const DEFAULT_RECONNECT_TIMEOUT_MS = 1_000;
/** Disconnect waits at most this long for a wallet to answer standard:disconnect. */
export const DISCONNECT_TIMEOUT_MS = 1_000;
/** §9 RPC timeout. */
export const RPC_TIMEOUT_MS = 10_000;
/** Connector ids are `ws:<wallet name>`: the Wallet Standard gives wallets no other stable identifier. */
export const CONNECTOR_ID_PREFIX = 'ws:';
/** An ed25519 signature is 64 bytes. */
export const SIGNATURE_BYTES = 64;
