import type { Wallets } from '@wallet-standard/app';
import { readSatsConnectWallets, type SatsConnectWalletEntry } from './satsConnectProviders.js';
import { readStandardWallet, type StandardWalletEntry } from './standardWallets.js';
import { isObjectLike } from './untrusted.js';

export type BitcoinWalletEntry = SatsConnectWalletEntry | StandardWalletEntry;

export interface BitcoinWalletDiscovery {
  /** The first subscriber starts listening (page events, the Wallet Standard registry); returns an unsubscribe. */
  subscribe(onChange: () => void): () => void;
  /** The wallets on the page now: sats-connect ones in listed order, then Wallet Standard ones by name; one per name. */
  wallets(): readonly BitcoinWalletEntry[];
  /** Reads the page again and tells subscribers when something changed. */
  rescan(): void;
}

/*
 * sats-connect wallets are globals that announce nothing (WBIP004 has no event), so the page is read again when
 * something happens that follows an extension's late injection: the page finishing loading, the window regaining
 * focus or visibility, the visitor's first press (before they open the modal), and any Wallet Standard registration.
 * No timer runs while watching; only a silent reconnect polls (waitFor.ts, loaded then).
 */
const RESCAN_EVENTS = ['DOMContentLoaded', 'load', 'focus', 'visibilitychange', 'pointerdown'] as const;

const byName = (a: StandardWalletEntry, b: StandardWalletEntry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
const sameEntries = (a: readonly BitcoinWalletEntry[], b: readonly BitcoinWalletEntry[]) =>
  a.length === b.length &&
  a.every(
    (entry, i) => entry.id === b[i]?.id && entry.provider === b[i]?.provider && entry.name === b[i]?.name && entry.icon === b[i]?.icon,
  );

type EventRoot = {
  addEventListener(type: string, listener: () => void, options?: AddEventListenerOptions): void;
  removeEventListener(type: string, listener: () => void, options?: EventListenerOptions): void;
};

function asEventRoot(root: unknown): EventRoot | undefined {
  if (!isObjectLike(root)) return undefined;
  const { addEventListener, removeEventListener } = root as Partial<EventRoot>;
  return typeof addEventListener === 'function' && typeof removeEventListener === 'function' ? (root as EventRoot) : undefined;
}

/** Discovery over `getRoot()` (the window) and a Wallet Standard registry; nothing is touched until first needed. */
export function createBitcoinWalletDiscovery(getRoot: () => unknown, getWallets: () => Wallets): BitcoinWalletDiscovery {
  const listeners = new Set<() => void>();
  let registry: Wallets | undefined;
  let stopListening: (() => void) | undefined;
  let last: readonly BitcoinWalletEntry[] = [];

  const standardWallets = (): StandardWalletEntry[] => {
    try {
      registry ??= getWallets();
      const usable = new Map<string, StandardWalletEntry>();
      for (const wallet of registry.get()) {
        const entry = readStandardWallet(wallet);
        if (entry && !usable.has(entry.name)) usable.set(entry.name, entry);
      }
      return [...usable.values()].sort(byName);
    } catch {
      return [];
    }
  };

  function scan(): BitcoinWalletEntry[] {
    const entries: BitcoinWalletEntry[] = [];
    const names = new Set<string>();
    // A wallet that speaks both protocols (Xverse does) is listed once, through sats-connect.
    for (const entry of [...readSatsConnectWallets(getRoot()), ...standardWallets()]) {
      if (names.has(entry.name)) continue;
      names.add(entry.name);
      entries.push(entry);
    }
    return entries;
  }

  function rescan(): void {
    const next = scan();
    if (sameEntries(last, next)) return;
    last = next;
    for (const listener of [...listeners]) listener();
  }

  function start(): void {
    last = scan();
    const offs: (() => void)[] = [];
    const root = asEventRoot(getRoot());
    for (const type of RESCAN_EVENTS) {
      const options = { capture: true, passive: true };
      root?.addEventListener(type, rescan, options);
      offs.push(() => root?.removeEventListener(type, rescan, options));
    }
    try {
      registry ??= getWallets();
      offs.push(registry.on('register', rescan), registry.on('unregister', rescan));
    } catch {
      // no registry (server-side rendering, a hostile page): sats-connect discovery still works
    }
    stopListening = () => offs.splice(0).forEach((off) => off());
  }

  return {
    subscribe(onChange) {
      const listener = () => onChange();
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return;
        stopListening?.();
        stopListening = undefined;
      };
    },
    wallets: scan,
    rescan,
  };
}
