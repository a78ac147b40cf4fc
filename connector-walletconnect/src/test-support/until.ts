/** Resolves once `check()` holds (polled every 25 ms); rejects naming `what` after `ms` (a guard, not a wait). */
export function until(check: () => boolean, what: string, ms = 8_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const poll = () => {
      if (check()) resolve();
      else if (Date.now() - started > ms) reject(new Error(`Timed out waiting for ${what}`));
      else setTimeout(poll, 25);
    };
    poll();
  });
}
