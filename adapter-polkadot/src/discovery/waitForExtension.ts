import type { InjectedExtension } from './injectedWeb3.js';

/**
 * Resolves with the extension of that key once `read` lists it (checked every `pollIntervalMs`), or undefined after
 * `timeoutMs`: a silent reconnect waits for an extension that injects itself after the page's own scripts.
 */
export function waitForExtension(
  read: () => readonly InjectedExtension[],
  key: string,
  timeoutMs: number,
  pollIntervalMs: number,
): Promise<InjectedExtension | undefined> {
  const find = () => read().find((extension) => extension.key === key);
  const found = find();
  if (found || timeoutMs <= 0) return Promise.resolve(found);
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const timer = setInterval(
      () => {
        const present = find();
        if (!present && Date.now() - startedAt < timeoutMs) return;
        clearInterval(timer);
        resolve(present);
      },
      Math.min(pollIntervalMs, timeoutMs),
    );
  });
}
