import type { ConnectorContext, SessionRequest, SharedSession } from '@latch/kernel';
import { bridgeFactories, type LiveBridge } from './bridges.js';
import { ProviderRpcError } from './channel.js';
import { approvedNamespaces } from './namespaces.js';
import type { Provider } from './provider.js';
import { createSessionChannel } from './sessionChannel.js';
import { SESSION_ENDED, withTimeout } from './sessionErrors.js';
import type { ConnectorSettings } from './settings.js';

/*
 * The session controller: the one live session of the connector, the bridge of each namespace it serves, and the
 * wallet requests still waiting for an answer. It routes the wallet's session events and updates to the bridges,
 * and ends the session (from either side) so no request hangs.
 */

const DISCONNECT_TIMEOUT_MS = 3_000;

type Session = NonNullable<Provider['session']>;

interface Live {
  readonly topic: string;
  /** The bridge of each namespace the session serves. */
  readonly bridges: Map<string, LiveBridge>;
  /** Wallet requests awaiting an answer: rejected when the session ends (deleted, expired) so none hangs. */
  readonly inflight: Set<(error: Error) => void>;
}

export interface LiveSessionController {
  /** Whether a session is live. */
  readonly active: boolean;
  /** The kernel's view of the session: one bridge per approved namespace it asked for (each loaded on use). */
  open(up: Provider, session: Session, request: SessionRequest): Promise<SharedSession>;
  /** The wallet ended the session: its requests fail with 4900. Returns whether it was the live one. */
  ended(topic: string): boolean;
  updated(topic: string): void;
  walletEvent(topic: string, chainId: string, name: string, data: unknown): void;
  /** Ends the session from the page's side (tells the wallet, within a bound). */
  close(up: Provider): Promise<void>;
}

/** The namespace a session event is for: that of its CAIP-2 chain (eip155 when it names none). */
function namespaceOf(chainId: string): string {
  return chainId.includes(':') ? chainId.slice(0, chainId.indexOf(':')) : 'eip155';
}

/**
 * §3 connectedWalletInfo: the wallet's own name from its metadata (data from the wallet: a short plain string or
 * nothing). Its icon URL is not used: it is on a host the integrator did not choose.
 */
function walletInfoOf(session: Session): { name: string } | undefined {
  const peerName = (session.peer?.metadata as { name?: unknown } | undefined)?.name;
  return typeof peerName === 'string' && peerName.trim() ? { name: peerName.trim().slice(0, 64) } : undefined;
}

function rejectAll(inflight: Set<(error: Error) => void>): void {
  for (const reject of inflight) reject(new ProviderRpcError(4900, SESSION_ENDED));
  inflight.clear();
}

export function createLiveSessionController(
  settings: ConnectorSettings,
  getContext: () => ConnectorContext | undefined,
): LiveSessionController {
  let live: Live | undefined;
  const liveOn = (topic: string) => (live?.topic === topic ? live : undefined);

  return {
    get active() {
      return live !== undefined;
    },

    async open(up, session, request) {
      const approved = approvedNamespaces(session.namespaces);
      const factories = await bridgeFactories(settings, (ns) => approved[ns] !== undefined && request.namespaces[ns] !== undefined);
      const current: Live = { topic: session.topic, bridges: new Map(), inflight: new Set() };
      live = current;
      const walletInfo = walletInfoOf(session);
      const namespaces: Record<string, { provider: unknown; walletInfo?: { name: string } }> = {};
      for (const [ns, factory] of factories) {
        const channel = createSessionChannel({
          up,
          topic: session.topic,
          namespace: ns,
          inflight: () => liveOn(session.topic)?.inflight,
          networks: () => getContext()?.networks(ns) ?? [],
        });
        const bridge = factory({
          channel,
          approval: approved[ns]!,
          networks: request.namespaces[ns]!,
          identity: { name: settings.name, icon: settings.icon },
        });
        current.bridges.set(ns, bridge);
        namespaces[ns] = { provider: bridge.provider, walletInfo };
      }
      return { namespaces };
    },

    ended(topic) {
      const ending = liveOn(topic);
      if (!ending) return false;
      live = undefined;
      rejectAll(ending.inflight);
      return true;
    },

    updated(topic) {
      for (const bridge of liveOn(topic)?.bridges.values() ?? []) bridge.sessionUpdated?.();
    },

    walletEvent(topic, chainId, name, data) {
      liveOn(topic)?.bridges.get(namespaceOf(chainId))?.walletEvent?.(name, data, chainId);
    },

    async close(up) {
      const topic = live?.topic ?? up.session?.topic;
      if (live) rejectAll(live.inflight);
      live = undefined;
      if (!topic) return;
      await withTimeout(
        up.client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } }).catch(() => undefined),
        DISCONNECT_TIMEOUT_MS,
      );
      up.session = undefined;
    },
  };
}
