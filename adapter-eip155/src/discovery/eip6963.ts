import { readUntrustedProperty } from '@latch/kernel';
import type { Connector } from '@latch/kernel';
import { isEip1193Provider, type Eip1193Provider } from '../provider.js';

/** EIP-6963 event names. */
export const ANNOUNCE_PROVIDER_EVENT = 'eip6963:announceProvider';
export const REQUEST_PROVIDER_EVENT = 'eip6963:requestProvider';

export interface Eip6963ProviderInfo {
  uuid: string;
  name: string;
  /** Always a `data:image/…` URI: a remote icon URL would leak the visitor's IP to a third party. */
  icon: string;
  rdns: string;
}

export interface AnnouncedWallet {
  info: Eip6963ProviderInfo;
  provider: Eip1193Provider;
}

const DATA_IMAGE_URI = /^data:image\/[a-z0-9.+-]+[;,]/i;
// Reverse DNS: at least two dot-separated labels of letters, digits and inner hyphens.
const REVERSE_DNS = /^(?=.{3,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)+$/i;

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Parses an announcement's `detail`; undefined when any field is missing or malformed. */
export function parseAnnouncement(detail: unknown): AnnouncedWallet | undefined {
  const info = readUntrustedProperty(detail, 'info');
  const provider = readUntrustedProperty(detail, 'provider');
  const uuid = nonEmptyString(readUntrustedProperty(info, 'uuid'));
  const name = nonEmptyString(readUntrustedProperty(info, 'name'));
  const icon = nonEmptyString(readUntrustedProperty(info, 'icon'));
  const rdns = nonEmptyString(readUntrustedProperty(info, 'rdns'));
  if (!uuid || !name || !icon || !rdns) return undefined;
  if (!DATA_IMAGE_URI.test(icon) || !REVERSE_DNS.test(rdns) || !isEip1193Provider(provider)) return undefined;
  return { info: { uuid, name, icon, rdns }, provider };
}

export function createAnnouncedConnector({ info, provider }: AnnouncedWallet): Connector {
  return {
    id: info.rdns,
    name: info.name,
    type: 'ANNOUNCED',
    chain: 'eip155',
    icon: info.icon,
    rdns: info.rdns,
    installed: true,
    provider,
  };
}

export interface WalletDiscovery {
  /** The first subscriber starts listening and asks wallets to announce themselves; returns an unsubscribe. */
  subscribe(onChange: () => void): () => void;
  /** Announced wallets in first-announcement order, one per rdns. */
  wallets(): readonly AnnouncedWallet[];
  /** Resolves with the wallet of that rdns once announced, or undefined after `timeoutMs`. */
  waitFor(rdns: string, timeoutMs: number): Promise<AnnouncedWallet | undefined>;
}

function sameWallet(a: AnnouncedWallet, b: AnnouncedWallet): boolean {
  return a.provider === b.provider && a.info.uuid === b.info.uuid && a.info.name === b.info.name && a.info.icon === b.info.icon;
}

/**
 * EIP-6963 discovery on one event target. Nothing happens until the first subscribe, so creating it
 * during server-side rendering or at construction time touches no global.
 */
export function createWalletDiscovery(getTarget: () => EventTarget | undefined): WalletDiscovery {
  const byRdns = new Map<string, AnnouncedWallet>();
  const listeners = new Set<() => void>();
  let target: EventTarget | undefined;

  function notify(): void {
    for (const listener of [...listeners]) listener();
  }

  function onAnnounce(event: Event): void {
    const wallet = parseAnnouncement(readUntrustedProperty(event, 'detail'));
    if (!wallet) return;
    const known = byRdns.get(wallet.info.rdns);
    if (known && sameWallet(known, wallet)) return;
    // Map.set on an existing key keeps its position: a re-announcement replaces the provider in place.
    byRdns.set(wallet.info.rdns, wallet);
    notify();
  }

  function start(): void {
    target = getTarget();
    if (!target) return;
    target.addEventListener(ANNOUNCE_PROVIDER_EVENT, onAnnounce);
    target.dispatchEvent(new Event(REQUEST_PROVIDER_EVENT));
  }

  function stop(): void {
    target?.removeEventListener(ANNOUNCE_PROVIDER_EVENT, onAnnounce);
    target = undefined;
  }

  const discovery: WalletDiscovery = {
    subscribe(onChange) {
      const listener = () => onChange();
      listeners.add(listener);
      if (listeners.size === 1) start();
      return () => {
        if (!listeners.delete(listener)) return;
        if (listeners.size === 0) stop();
      };
    },
    wallets: () => [...byRdns.values()],
    waitFor(rdns, timeoutMs) {
      return new Promise((resolve) => {
        let settled = false;
        let unsubscribe: (() => void) | undefined;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const finish = () => {
          if (settled) return;
          settled = true;
          if (timer !== undefined) clearTimeout(timer);
          unsubscribe?.();
          resolve(byRdns.get(rdns));
        };
        // subscribe() may announce synchronously (wallets answer the request during dispatch).
        unsubscribe = discovery.subscribe(() => {
          if (byRdns.has(rdns)) finish();
        });
        if (settled) unsubscribe();
        else if (byRdns.has(rdns)) finish();
        else timer = setTimeout(finish, timeoutMs);
      });
    },
  };
  return discovery;
}
