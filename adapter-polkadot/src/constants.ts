/** What extensions show the visitor as the site asking for access, unless the app names itself. */
export const DEFAULT_APP_NAME = 'Latch';
/** How long a silent reconnect waits for the stored extension to inject itself after a reload. */
export const DEFAULT_RECONNECT_TIMEOUT_MS = 2_000;
/** `injectedWeb3` is re-read this often while watched… */
export const DISCOVERY_POLL_INTERVAL_MS = 500;
/** …for this long after watching starts; extensions inject once per page load, so later re-reads are event-driven. */
export const DISCOVERY_POLL_FOR_MS = 10_000;
