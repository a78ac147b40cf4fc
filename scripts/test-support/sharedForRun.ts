/*
 * One resource (a server, a node) for the whole Vitest run, for the `globalSetup` of every project that uses it: the
 * first of those projects starts it in Vitest's main process, the others reuse it, and the last one's teardown stops
 * it. Each project loads its global setup module on its own, so the resource is kept on the process's global object,
 * under `key`.
 */

interface Shared<T> {
  value: Promise<T>;
  projects: number;
}

/** The resource under `key`, started with `start` when no project holds it yet; `release` stops it after the last. */
export async function sharedForRun<T>(
  key: string,
  start: () => Promise<T>,
  stop: (value: T) => Promise<void>,
): Promise<{ value: T; release(): Promise<void> }> {
  const symbol = Symbol.for(key);
  const registry = globalThis as { [symbol]?: Shared<T> };
  registry[symbol] ??= { value: start(), projects: 0 };
  const shared = registry[symbol];
  shared.projects += 1;
  const value = await shared.value;
  return {
    value,
    async release() {
      shared.projects -= 1;
      if (shared.projects > 0) return;
      delete registry[symbol];
      await stop(value);
    },
  };
}
