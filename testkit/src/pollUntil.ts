import { UI_WAIT_TIMEOUT_MS } from './timeouts.js';

/**
 * Reads `read` every 20 ms until it gives a value other than undefined or false, and resolves with it: the wait for an
 * event that has no promise of its own (a wallet announced, a balance shown, a message received). Gives up after
 * `timeoutMs` (UI_WAIT_TIMEOUT_MS by default, a bound against a hang) with an error naming `what` it waited for.
 */
export async function pollUntil<T>(read: () => T | undefined | false, what: string, timeoutMs = UI_WAIT_TIMEOUT_MS): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = read();
    if (value !== undefined && value !== false) return value;
    if (Date.now() - started > timeoutMs) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
