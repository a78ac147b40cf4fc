/** How long a silent reconnect waits for the stored wallet to be injected (§9: 1 s). */
export const DEFAULT_RECONNECT_TIMEOUT_MS = 1_000;
/** A wallet that never answers `disable` must not hold a disconnect up (§9: 1 s). */
export const DISCONNECT_TIMEOUT_MS = 1_000;
/** How often a sent transaction is looked for in blocks (Cosmos Hub makes one about every 6 s). */
export const DEFAULT_BROADCAST_POLL_INTERVAL_MS = 1_000;
