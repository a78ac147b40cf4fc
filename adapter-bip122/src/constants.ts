/** How long a silent reconnect waits for the stored wallet to appear (extensions inject late). */
export const DEFAULT_RECONNECT_TIMEOUT_MS = 1_000;
/** How often a waiting reconnect looks again for a sats-connect provider: globals announce nothing. */
export const RECONNECT_POLL_MS = 100;
/** Disconnect waits at most this long for a wallet to acknowledge. */
export const DISCONNECT_TIMEOUT_MS = 1_000;
/** §9 RPC timeout, for the Esplora API. */
export const ESPLORA_TIMEOUT_MS = 10_000;
/** Connector ids: `sats-connect:<window path of the provider>` and `ws:<wallet name>`. */
export const SATS_CONNECT_ID_PREFIX = 'sats-connect:';
export const WALLET_STANDARD_ID_PREFIX = 'ws:';
/** 21 million BTC in sats: no transfer can be larger. */
export const MAX_SATS = 2_100_000_000_000_000n;
