import { readUntrustedProperty } from '@latch/kernel';
import { TOY_ANNOUNCE_EVENT, TOY_REQUEST_EVENT } from './protocol.js';
import type { ToyWalletInfo, ToyWalletProvider } from './walletTypes.js';

/** A wallet that announced itself with a well-formed `{ info, wallet }`. */
export interface AnnouncedToyWallet {
  info: ToyWalletInfo;
  wallet: ToyWalletProvider;
}

const WALLET_METHODS = ['connect', 'getAccount', 'disconnect', 'signMessage', 'sendTransfer', 'on'] as const;
const DATA_IMAGE_URI = /^data:image\/[a-z0-9.+-]+[;,]/i;
const WALLET_ID = /^[a-z0-9][a-z0-9._-]{0,99}$/i;

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/** Whether a value (read across the page boundary, so untrusted) has every method of the toy wallet API. */
export function isToyWalletProvider(value: unknown): value is ToyWalletProvider {
  return (
    typeof value === 'object' &&
    value !== null &&
    WALLET_METHODS.every((method) => typeof readUntrustedProperty(value, method) === 'function')
  );
}

/** Parses an announcement's `detail`; undefined when anything is missing or malformed. */
export function parseToyAnnouncement(detail: unknown): AnnouncedToyWallet | undefined {
  const info = readUntrustedProperty(detail, 'info');
  const wallet = readUntrustedProperty(detail, 'wallet');
  const id = nonEmptyString(readUntrustedProperty(info, 'id'));
  const name = nonEmptyString(readUntrustedProperty(info, 'name'));
  const icon = nonEmptyString(readUntrustedProperty(info, 'icon'));
  if (!id || !name || !icon || !WALLET_ID.test(id) || !DATA_IMAGE_URI.test(icon) || !isToyWalletProvider(wallet)) return undefined;
  return { info: { id, name, icon }, wallet };
}

export interface ToyWalletDiscovery {
  /** The first subscriber starts listening and asks wallets to announce; returns an unsubscribe. */
  subscribe(onChange: () => void): () => void;
  /** Announced wallets in first-announcement order, one per id. */
  wallets(): readonly AnnouncedToyWallet[];
  /** Resolves with the wallet of that id once announced, or undefined after `timeoutMs`. */
  waitFor(id: string, timeoutMs: number): Promise<AnnouncedToyWallet | undefined>;
}

const sameWallet = (a: AnnouncedToyWallet, b: AnnouncedToyWallet) =>
  a.wallet === b.wallet && a.info.name === b.info.name && a.info.icon === b.info.icon;

/** Discovery by the toy handshake on one event target; nothing is touched until the first subscribe. */
export function createToyWalletDiscovery(getTarget: () => EventTarget | undefined): ToyWalletDiscovery {
  const byId = new Map<string, AnnouncedToyWallet>();
  const listeners = new Set<() => void>();
  let target: EventTarget | undefined;

  function onAnnounce(event: Event): void {
    const announced = parseToyAnnouncement(readUntrustedProperty(event, 'detail'));
    if (!announced) return;
    const known = byId.get(announced.info.id);
    if (known && sameWallet(known, announced)) return;
    byId.set(announced.info.id, announced); // an existing key keeps its position
    for (const listener of [...listeners]) listener();
  }

  const discovery: ToyWalletDiscovery = {
    subscribe(onChange) {
      const listener = () => onChange();
      listeners.add(listener);
      if (listeners.size === 1) {
        target = getTarget();
        target?.addEventListener(TOY_ANNOUNCE_EVENT, onAnnounce);
        target?.dispatchEvent(new Event(TOY_REQUEST_EVENT));
      }
      return () => {
        if (!listeners.delete(listener) || listeners.size > 0) return;
        target?.removeEventListener(TOY_ANNOUNCE_EVENT, onAnnounce);
        target = undefined;
      };
    },
    wallets: () => [...byId.values()],
    waitFor(id, timeoutMs) {
      return new Promise((resolve) => {
        let settled = false;
        let unsubscribe: (() => void) | undefined;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const finish = () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          unsubscribe?.();
          resolve(byId.get(id));
        };
        // Wallets answer the request during dispatch, so subscribe() may already have found it.
        unsubscribe = discovery.subscribe(() => byId.has(id) && finish());
        if (settled) unsubscribe();
        else if (byId.has(id)) finish();
        else timer = setTimeout(finish, timeoutMs);
      });
    },
  };
  return discovery;
}
