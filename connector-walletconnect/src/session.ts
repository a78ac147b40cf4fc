import { LatchError, readErrorMessage, type ConnectorContext, type SessionRequest, type SharedSession } from '@latch/kernel';
import { ProviderRpcError, type SessionChannel } from './channel.js';
import { type LiveBridge, NAMESPACE_BRIDGES } from './bridges.js';
import { approvedNamespaces, proposalNamespaces } from './namespaces.js';
import { createProvider, expiringUri, type Provider } from './provider.js';
import type { ConnectorSettings } from './settings.js';

/*
 * The WalletConnect session of one connector: loaded on first use (the visitor picks WalletConnect,
 * or a reload restores a stored session). Owns the UniversalProvider, the pairing state the QR view
 * shows, and the bridges each namespace's adapter drives.
 */

/** §4: a pairing counts as expired when 10 s or less remain. */
export const EXPIRY_MARGIN_MS = 10_000;
const DISCONNECT_TIMEOUT_MS = 3_000;
const RELAY_RECONNECT_TIMEOUT_MS = 5_000;
/** Kernel storage key: a session exists (so a reload loads WalletConnect only when there is one). */
const SESSION_KEY = 'session';

export type PairingFailure = 'declined' | 'expired' | 'cancelled' | 'error';

export type PairingState =
  | { readonly status: 'idle' }
  | { readonly status: 'starting' }
  | { readonly status: 'waiting'; readonly uri: string; readonly expiresAt: number }
  | { readonly status: 'approved' }
  | { readonly status: 'failed'; readonly reason: PairingFailure; readonly message: string };

type Session = NonNullable<Provider['session']>;

export const RELAY_UNREACHABLE = 'The WalletConnect relay cannot be reached. Check your connection and try again.';
const DECLINED = 'Connection declined';
const EXPIRED = 'The QR code expired';
const CANCELLED = 'Connection cancelled';
/** A wallet request outlived its session (EIP-1193 4900, provider disconnected). */
export const SESSION_ENDED = 'The WalletConnect session ended';

class PairingError extends LatchError {
  constructor(
    readonly reason: PairingFailure,
    message: string,
    cause?: unknown,
  ) {
    super(message, { category: 'CONNECTOR_ERROR', ...(reason === 'declined' ? { code: 4001 } : {}), ...(cause ? { cause } : {}) });
  }
}

function isRejection(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  const message = String((error as { message?: unknown } | null)?.message ?? error);
  return code === 5000 || code === 5001 || code === 5002 || code === 4001 || /reject|declin|denied/i.test(message);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | 'timeout'> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([promise, new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

export interface SessionController {
  readonly state: PairingState;
  subscribe(listener: (state: PairingState) => void): () => void;
  connect(request: SessionRequest): Promise<SharedSession>;
  restore(request: SessionRequest): Promise<SharedSession | null>;
  /** The visitor left the QR view: the pending pairing is abandoned. */
  cancel(): void;
  /** The pairing still waiting for a wallet, when more than the §4 margin of its life remains (else undefined). */
  livePairing(): Extract<PairingState, { status: 'waiting' }> | undefined;
  disconnect(): Promise<void>;
  teardown(): void;
}

export function createSessionController(settings: ConnectorSettings, getContext: () => ConnectorContext | undefined): SessionController {
  let state: PairingState = { status: 'idle' };
  const listeners = new Set<(state: PairingState) => void>();
  let provider: Promise<Provider> | undefined;
  let live:
    | {
        topic: string;
        /** The bridge of each namespace the session serves. */
        bridges: Map<string, LiveBridge>;
        /** Wallet requests awaiting an answer: rejected when the session ends (deleted, expired) so none hangs. */
        inflight: Set<(error: Error) => void>;
      }
    | undefined;
  let pending: { fail(error: PairingError): void; timer?: ReturnType<typeof setTimeout>; pairingTopic?: string } | undefined;
  const unfollow: (() => void)[] = [];

  function setState(next: PairingState): void {
    state = next;
    for (const listener of [...listeners]) listener(next);
  }

  function storage() {
    return getContext()?.storage;
  }

  const storagePrefix = `latch-${settings.id}`;

  async function init(): Promise<Provider> {
    const up = await createProvider(settings, getContext()?.metadata, storagePrefix);
    followClient(up);
    return up;
  }

  function providerOnce(): Promise<Provider> {
    if (!provider) {
      provider = init();
      provider.catch(() => (provider = undefined));
    }
    return provider;
  }

  function ended(topic: string): void {
    if (live?.topic !== topic) return;
    const { inflight } = live;
    live = undefined;
    for (const reject of inflight) reject(new ProviderRpcError(4900, SESSION_ENDED));
    inflight.clear();
    storage()?.remove(SESSION_KEY);
    setState({ status: 'idle' });
    getContext()?.emit({ type: 'disconnected' });
  }

  function followClient(up: Provider): void {
    const client = up.client;
    const onDelete = ({ topic }: { topic: string }) => ended(topic);
    const onUpdate = ({ topic }: { topic: string }) => {
      if (live?.topic !== topic) return;
      for (const bridge of live.bridges.values()) bridge.sessionUpdated?.();
    };
    const onEvent = ({ topic, params }: { topic: string; params: { event: { name: string; data: unknown }; chainId: string } }) => {
      if (live?.topic !== topic) return;
      const chainId = typeof params.chainId === 'string' ? params.chainId : '';
      // A session event names its CAIP-2 chain: it goes to that namespace's bridge (eip155 when it names none).
      const ns = chainId.includes(':') ? chainId.slice(0, chainId.indexOf(':')) : 'eip155';
      live.bridges.get(ns)?.walletEvent?.(params.event.name, params.event.data, chainId);
    };
    const onPairingGone = ({ topic }: { topic: string }) => {
      if (pending && pending.pairingTopic === topic) pending.fail(new PairingError('expired', EXPIRED));
    };
    client.on('session_delete', onDelete);
    client.on('session_expire', onDelete);
    client.on('session_update', onUpdate);
    client.on('session_event', onEvent);
    client.core.pairing.events.on('pairing_delete', onPairingGone);
    client.core.pairing.events.on('pairing_expire', onPairingGone);
    // A phone browser suspends the page while the visitor approves in the wallet: reopen the relay on return.
    const onVisible = () => {
      if (document.visibilityState === 'visible' && (live || pending) && !client.core.relayer.connected) {
        void client.core.relayer.transportOpen().catch(() => undefined);
      }
    };
    const page = typeof document === 'undefined' ? undefined : document;
    page?.addEventListener('visibilitychange', onVisible);
    // An in-app browser or a desktop wallet app may leave the page visible and only take the focus.
    const view = typeof window === 'undefined' ? undefined : window;
    view?.addEventListener('focus', onVisible);
    unfollow.push(
      () => client.off('session_delete', onDelete),
      () => client.off('session_expire', onDelete),
      () => client.off('session_update', onUpdate),
      () => client.off('session_event', onEvent),
      () => client.core.pairing.events.off('pairing_delete', onPairingGone),
      () => client.core.pairing.events.off('pairing_expire', onPairingGone),
      () => page?.removeEventListener('visibilitychange', onVisible),
      () => view?.removeEventListener('focus', onVisible),
    );
  }

  function channel(up: Provider, topic: string, ns: string): SessionChannel {
    return {
      approved() {
        if (live?.topic !== topic) return undefined;
        try {
          return approvedNamespaces(up.client.session.get(topic).namespaces)[ns];
        } catch {
          return undefined;
        }
      },
      async request(method, params, chainId) {
        const relayer = up.client.core.relayer;
        if (!relayer.connected) {
          const opened = await withTimeout(
            relayer.transportOpen().then(() => relayer.connected),
            RELAY_RECONNECT_TIMEOUT_MS,
          ).catch(() => false);
          if (opened !== true) throw new LatchError(RELAY_UNREACHABLE, { category: 'CONNECTOR_ERROR' });
        }
        const inflight = live?.topic === topic ? live.inflight : undefined;
        if (!inflight) throw new ProviderRpcError(4900, SESSION_ENDED);
        let reject: (error: Error) => void = () => undefined;
        const gone = new Promise<never>((_resolve, fail) => {
          reject = fail;
        });
        inflight.add(reject);
        try {
          return await Promise.race([up.client.request({ topic, chainId, request: { method, params } }), gone]);
        } finally {
          inflight.delete(reject);
        }
      },
      async read(method, params, chainId) {
        const network = getContext()
          ?.networks(ns)
          .find((n) => n.caipNetworkId === chainId);
        const url = network?.rpcUrls.default.http[0];
        if (!url) throw new LatchError(`No RPC URL is configured for ${chainId}`, { category: 'RPC_ERROR' });
        const response = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params: params ?? [] }),
        });
        if (!response.ok) throw new LatchError(`HTTP status code: ${response.status}`, { category: 'RPC_ERROR' });
        const reply = (await response.json()) as { result?: unknown; error?: { code?: number; message?: string } };
        if (reply.error) throw new LatchError(reply.error.message ?? 'RPC error', { category: 'RPC_ERROR', code: reply.error.code });
        return reply.result;
      },
    };
  }

  /** The kernel's view of the session: one bridge per approved namespace it asked for (each loaded on use). */
  async function toShared(up: Provider, session: Session, request: SessionRequest): Promise<SharedSession> {
    const approved = approvedNamespaces(session.namespaces);
    const wanted = Object.keys(NAMESPACE_BRIDGES).filter((ns) => approved[ns] && request.namespaces[ns]);
    const factories = await Promise.all(wanted.map((ns) => NAMESPACE_BRIDGES[ns]!()));
    const bridges = new Map<string, LiveBridge>();
    live = { topic: session.topic, bridges, inflight: new Set() };
    // §3 connectedWalletInfo: the wallet's own name from its metadata (data from the wallet: a short plain string
    // or nothing). Its icon URL is not used: it is on a host the integrator did not choose.
    const peerName = (session.peer?.metadata as { name?: unknown } | undefined)?.name;
    const walletInfo = typeof peerName === 'string' && peerName.trim() ? { name: peerName.trim().slice(0, 64) } : undefined;
    const namespaces: Record<string, { provider: unknown; walletInfo?: { name: string } }> = {};
    wanted.forEach((ns, index) => {
      const bridge = factories[index]!({
        channel: channel(up, session.topic, ns),
        approval: approved[ns]!,
        networks: request.namespaces[ns]!,
        identity: { name: settings.name, icon: settings.icon },
      });
      bridges.set(ns, bridge);
      namespaces[ns] = { provider: bridge.provider, walletInfo };
    });
    return { namespaces };
  }

  async function endLive(up: Provider): Promise<void> {
    const topic = live?.topic ?? up.session?.topic;
    for (const reject of live?.inflight ?? []) reject(new ProviderRpcError(4900, SESSION_ENDED));
    live = undefined;
    storage()?.remove(SESSION_KEY);
    if (!topic) return;
    await withTimeout(
      up.client.disconnect({ topic, reason: { code: 6000, message: 'User disconnected.' } }).catch(() => undefined),
      DISCONNECT_TIMEOUT_MS,
    );
    up.session = undefined;
  }

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async connect(request) {
      pending?.fail(new PairingError('cancelled', CANCELLED));
      setState({ status: 'starting' });
      let up: Provider;
      try {
        up = await providerOnce();
      } catch (error) {
        setState({ status: 'failed', reason: 'error', message: RELAY_UNREACHABLE });
        throw new LatchError(RELAY_UNREACHABLE, { category: 'CONNECTOR_ERROR', cause: error });
      }
      if (live || up.session) await endLive(up);
      const { namespaces, optionalNamespaces } = proposalNamespaces(request, settings.requiredNamespaces);
      let fail: (error: PairingError) => void = () => undefined;
      const abandoned = new Promise<never>((_resolve, reject) => (fail = reject));
      const attempt: NonNullable<typeof pending> = { fail: (error) => fail(error) };
      pending = attempt;
      const onUri = (sdkUri: string) => {
        if (pending !== attempt) return;
        // Whole seconds, as the URI carries it: the view's countdown and the wallet's check end together.
        const expiresAt = Math.floor((Date.now() + settings.pairingTtlMs) / 1000) * 1000;
        attempt.pairingTopic = /^wc:([0-9a-f]{64})@/.exec(sdkUri)?.[1];
        attempt.timer = setTimeout(
          () => attempt.fail(new PairingError('expired', EXPIRED)),
          Math.max(0, expiresAt - Date.now() - EXPIRY_MARGIN_MS),
        );
        expiringUri(up, attempt.pairingTopic, expiresAt).then(
          (uri) => pending === attempt && setState({ status: 'waiting', uri, expiresAt }),
          (error: unknown) => attempt.fail(new PairingError('error', readErrorMessage(error), error)),
        );
      };
      up.on('display_uri', onUri);
      const approval = up.connect({
        ...(Object.keys(namespaces).length > 0 ? { namespaces } : {}),
        optionalNamespaces,
      });
      approval.catch(() => undefined); // an abandoned attempt may still settle later
      try {
        const session = await Promise.race([approval, abandoned]);
        if (!session) throw new PairingError('error', 'The wallet approved no session');
        const shared = await toShared(up, session, request);
        if (Object.keys(shared.namespaces).length === 0) {
          await endLive(up);
          throw new PairingError(
            'error',
            `The wallet approved none of the requested namespaces (${Object.keys(request.namespaces).join(', ')})`,
          );
        }
        storage()?.set(SESSION_KEY, session.topic);
        setState({ status: 'approved' });
        return shared;
      } catch (error) {
        const failure =
          error instanceof PairingError
            ? error
            : isRejection(error)
              ? new PairingError('declined', DECLINED, error)
              : new PairingError('error', error instanceof Error && error.message ? error.message : 'Connection failed', error);
        if (failure.reason !== 'declined' && attempt.pairingTopic) {
          void up.client.core.pairing.disconnect({ topic: attempt.pairingTopic }).catch(() => undefined);
        }
        if (pending === attempt) setState({ status: 'failed', reason: failure.reason, message: failure.message });
        throw failure;
      } finally {
        clearTimeout(attempt.timer);
        up.off('display_uri', onUri);
        if (pending === attempt) pending = undefined;
      }
    },

    async restore(request) {
      if (!storage()?.get(SESSION_KEY)) return null;
      const up = await providerOnce();
      const session = up.session;
      if (!session || session.expiry * 1000 <= Date.now()) {
        storage()?.remove(SESSION_KEY);
        return null;
      }
      const shared = await toShared(up, session, request);
      return Object.keys(shared.namespaces).length > 0 ? shared : null;
    },

    cancel() {
      pending?.fail(new PairingError('cancelled', CANCELLED));
    },

    livePairing() {
      return pending && state.status === 'waiting' && state.expiresAt - Date.now() > EXPIRY_MARGIN_MS ? state : undefined;
    },

    async disconnect() {
      pending?.fail(new PairingError('cancelled', CANCELLED));
      const up = provider ? await provider.catch(() => undefined) : undefined;
      if (up) await endLive(up);
      else storage()?.remove(SESSION_KEY);
      setState({ status: 'idle' });
    },

    teardown() {
      pending?.fail(new PairingError('cancelled', CANCELLED));
      for (const off of unfollow.splice(0)) off();
      listeners.clear();
      // The modal is gone: close the relay socket and stop the library's timers (the session stays stored).
      void provider
        ?.then((up) => {
          const core = up.client.core;
          core.heartbeat.stop();
          // WalletConnect keeps one Core per storage prefix on globalThis; a later modal must not get this closed one.
          const key = `_walletConnectCore_${storagePrefix}`;
          const shared = globalThis as unknown as Record<string, unknown>;
          if (shared[key] === core) {
            delete shared[key];
            delete shared[`${key}_count`];
          }
          return core.relayer.transportClose();
        })
        .catch(() => undefined);
    },
  };
}
