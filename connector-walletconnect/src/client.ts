import type { ConnectorContext } from '@latch/kernel';
import { createProvider, type Provider } from './provider.js';
import type { ConnectorSettings } from './settings.js';

/*
 * The client: owns the connector's UniversalProvider (loaded once, on first use), listens to the library's and the
 * page's events and hands them to the controllers, and closes the relay at teardown. Like sign-client's client, it
 * holds no flow of its own: pairing and the live session are controllers it reports to.
 */

/** What the client reports to the controllers. */
export interface ClientEvents {
  /** The wallet deleted the session, or it expired. */
  sessionEnded(topic: string): void;
  /** The wallet updated the session (accounts or chains). */
  sessionUpdated(topic: string): void;
  /** The wallet sent a session event on a CAIP-2 chain ('' when it named none). */
  sessionEvent(topic: string, chainId: string, name: string, data: unknown): void;
  /** The wallet deleted a pairing, or it expired. */
  pairingGone(topic: string): void;
  /** Whether a session or a pairing is under way (then the relay is reopened when the page comes back). */
  busy(): boolean;
}

export interface WalletConnectClient {
  /** The provider, loaded on the first call; a failed load is tried again on the next. */
  provider(): Promise<Provider>;
  /** The provider if one was asked for (without loading it), else undefined. */
  loaded(): Promise<Provider | undefined>;
  /** The modal is gone: stop listening, close the relay socket and the library's timers (the session stays stored). */
  close(): void;
}

type Off = () => void;

/** The library's session and pairing events, forwarded; returns what stops them. */
function followLibrary(up: Provider, events: ClientEvents): Off[] {
  const client = up.client;
  const pairings = client.core.pairing.events;
  const onDelete = ({ topic }: { topic: string }) => events.sessionEnded(topic);
  const onUpdate = ({ topic }: { topic: string }) => events.sessionUpdated(topic);
  const onEvent = ({ topic, params }: { topic: string; params: { event: { name: string; data: unknown }; chainId: string } }) =>
    events.sessionEvent(topic, typeof params.chainId === 'string' ? params.chainId : '', params.event.name, params.event.data);
  const onPairingGone = ({ topic }: { topic: string }) => events.pairingGone(topic);
  client.on('session_delete', onDelete);
  client.on('session_expire', onDelete);
  client.on('session_update', onUpdate);
  client.on('session_event', onEvent);
  pairings.on('pairing_delete', onPairingGone);
  pairings.on('pairing_expire', onPairingGone);
  return [
    () => client.off('session_delete', onDelete),
    () => client.off('session_expire', onDelete),
    () => client.off('session_update', onUpdate),
    () => client.off('session_event', onEvent),
    () => pairings.off('pairing_delete', onPairingGone),
    () => pairings.off('pairing_expire', onPairingGone),
  ];
}

/**
 * A phone browser suspends the page while the visitor approves in the wallet; an in-app browser or a desktop wallet
 * app may leave it visible and only take the focus. Either way the relay socket is reopened on return.
 */
function followPage(up: Provider, events: ClientEvents): Off[] {
  const relayer = up.client.core.relayer;
  const onVisible = () => {
    if (document.visibilityState === 'visible' && events.busy() && !relayer.connected) {
      void relayer.transportOpen().catch(() => undefined);
    }
  };
  const page = typeof document === 'undefined' ? undefined : document;
  const view = typeof window === 'undefined' ? undefined : window;
  page?.addEventListener('visibilitychange', onVisible);
  view?.addEventListener('focus', onVisible);
  return [() => page?.removeEventListener('visibilitychange', onVisible), () => view?.removeEventListener('focus', onVisible)];
}

/** Stops the library's timers and closes its socket; WalletConnect's shared Core for this prefix is forgotten. */
async function closeProvider(up: Provider, storagePrefix: string): Promise<void> {
  const core = up.client.core;
  core.heartbeat.stop();
  // WalletConnect keeps one Core per storage prefix on globalThis; a later modal must not get this closed one.
  const key = `_walletConnectCore_${storagePrefix}`;
  const shared = globalThis as unknown as Record<string, unknown>;
  if (shared[key] === core) {
    delete shared[key];
    delete shared[`${key}_count`];
  }
  await core.relayer.transportClose();
}

export function createWalletConnectClient(
  settings: ConnectorSettings,
  getContext: () => ConnectorContext | undefined,
  events: ClientEvents,
): WalletConnectClient {
  const storagePrefix = `latch-${settings.id}`;
  const unfollow: Off[] = [];
  let provider: Promise<Provider> | undefined;

  async function init(): Promise<Provider> {
    const up = await createProvider(settings, getContext()?.metadata, storagePrefix);
    unfollow.push(...followLibrary(up, events), ...followPage(up, events));
    return up;
  }

  return {
    provider() {
      if (!provider) {
        provider = init();
        provider.catch(() => (provider = undefined));
      }
      return provider;
    },
    loaded: async () => (provider ? provider.catch(() => undefined) : undefined),
    close() {
      for (const off of unfollow.splice(0)) off();
      void provider?.then((up) => closeProvider(up, storagePrefix)).catch(() => undefined);
    },
  };
}
