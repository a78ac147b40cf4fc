import { readUntrustedProperty } from '@latch/kernel';
import { readInjectedExtensions, type InjectedExtension } from './injectedWeb3.js';

export interface ExtensionDiscoveryOptions {
  /** Where extensions inject `injectedWeb3`: the window, read only once someone watches or waits. */
  getHolder: () => unknown;
  /** How often `injectedWeb3` is re-read while watching (extensions inject after the page's own scripts). */
  pollIntervalMs: number;
  /** For how long after watching starts it is polled; later, only `load`, `focus` and `visibilitychange` re-read it. */
  pollForMs: number;
}

export interface ExtensionDiscovery {
  /** The first subscriber starts watching `injectedWeb3`; the last unsubscribe stops every timer and listener. */
  subscribe(onChange: () => void): () => void;
  /** The well-formed extensions present now. */
  extensions(): readonly InjectedExtension[];
}

const sameList = (a: readonly InjectedExtension[], b: readonly InjectedExtension[]) =>
  a.length === b.length && a.every((x, i) => x.key === b[i]?.key && x.entry === b[i]?.entry && x.icon === b[i]?.icon);

type Listening = { target: unknown; type: string };

function listen(target: unknown, type: string, listener: () => void): Listening | undefined {
  const add = readUntrustedProperty(target, 'addEventListener');
  if (typeof add !== 'function') return undefined;
  add.call(target, type, listener);
  return { target, type };
}

function unlisten({ target, type }: Listening, listener: () => void): void {
  const remove = readUntrustedProperty(target, 'removeEventListener');
  if (typeof remove === 'function') remove.call(target, type, listener);
}

/** Watches `injectedWeb3` for extensions, including those that inject late; touches nothing until used. */
export function createExtensionDiscovery({ getHolder, pollIntervalMs, pollForMs }: ExtensionDiscoveryOptions): ExtensionDiscovery {
  const listeners = new Set<() => void>();
  let last: readonly InjectedExtension[] = [];
  let poll: ReturnType<typeof setInterval> | undefined;
  let listening: Listening[] = [];

  const read = () => readInjectedExtensions(getHolder());
  const stopPolling = () => {
    clearInterval(poll);
    poll = undefined;
  };
  function check(): void {
    const next = read();
    if (sameList(last, next)) return;
    last = next;
    for (const listener of [...listeners]) listener();
  }
  function start(): void {
    last = read();
    const startedAt = Date.now();
    poll = setInterval(() => {
      if (Date.now() - startedAt >= pollForMs) stopPolling();
      check();
    }, pollIntervalMs);
    const holder = getHolder();
    listening = [
      listen(holder, 'load', check),
      listen(holder, 'focus', check),
      listen(readUntrustedProperty(holder, 'document'), 'visibilitychange', check),
    ].filter((entry) => entry !== undefined);
  }
  function stop(): void {
    stopPolling();
    for (const entry of listening) unlisten(entry, check);
    listening = [];
  }

  return {
    subscribe(onChange) {
      const listener = () => onChange();
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        if (listeners.delete(listener) && listeners.size === 0) stop();
      };
    },
    extensions: read,
  };
}
