import { type ConnectorContext, invalidOption, type SessionRequest, type SharedSession } from '@latch/kernel';
import { createWalletConnectClient } from './client.js';
import { extraNamespacesProblem } from './bridges.js';
import { createLiveSessionController } from './liveSession.js';
import { createPairingController, type PairingState } from './pairingController.js';
import type { Provider } from './provider.js';
import { PairingError, relayUnreachable } from './sessionErrors.js';
import type { ConnectorSettings } from './settings.js';

/*
 * The WalletConnect session of one connector, loaded on first use (the visitor picks WalletConnect, or a reload
 * restores a stored session). A facade over three parts, as sign-client splits its client from its controllers:
 * the client (client.ts) owns the UniversalProvider and its events; the pairing controller (pairingController.ts)
 * runs a proposal and holds the state the QR view shows; the session controller (liveSession.ts) holds the live
 * session and the bridge each namespace's adapter drives (bridges.ts).
 */

export { EXPIRY_MARGIN_MS, RELAY_UNREACHABLE, SESSION_ENDED, type PairingFailure } from './sessionErrors.js';
export type { PairingState } from './pairingController.js';

/** Kernel storage key: a session exists (so a reload loads WalletConnect only when there is one). */
const SESSION_KEY = 'session';

type Session = NonNullable<Provider['session']>;

export interface SessionController {
  readonly state: PairingState;
  subscribe(listener: (state: PairingState) => void): () => void;
  connect(request: SessionRequest): Promise<SharedSession>;
  restore(request: SessionRequest): Promise<SharedSession | null>;
  /** The visitor left the QR view: the pending pairing is abandoned. */
  cancel(): void;
  /** The pairing still waiting for a wallet, when more than the 10 s margin of its life remains (else undefined). */
  livePairing(): Extract<PairingState, { status: 'waiting' }> | undefined;
  disconnect(): Promise<void>;
  teardown(): void;
}

export function createSessionController(settings: ConnectorSettings, getContext: () => ConnectorContext | undefined): SessionController {
  const storage = () => getContext()?.storage;
  const pairing = createPairingController(settings);
  const live = createLiveSessionController(settings, getContext);
  const client = createWalletConnectClient(settings, getContext, {
    sessionEnded(topic) {
      if (!live.ended(topic)) return;
      storage()?.remove(SESSION_KEY);
      pairing.setState({ status: 'idle' });
      getContext()?.emit({ type: 'disconnected' });
    },
    sessionUpdated: (topic) => live.updated(topic),
    sessionEvent: (topic, chainId, name, data) => live.walletEvent(topic, chainId, name, data),
    pairingGone: (topic) => pairing.pairingGone(topic),
    busy: () => live.active || pairing.busy(),
  });

  /** The connector's `extraNamespaces`, checked here (with the generic bridge) so first load does not carry the check. */
  async function assertExtraNamespaces(): Promise<void> {
    const problem = await extraNamespacesProblem(settings.extraNamespaces);
    if (!problem) return;
    pairing.setState({ status: 'failed', reason: 'error', message: problem });
    throw invalidOption(`createWalletConnectConnector: ${problem}`);
  }

  async function endLive(up: Provider): Promise<void> {
    const closing = live.close(up);
    storage()?.remove(SESSION_KEY);
    await closing;
  }

  /** The approved session as the kernel's; one that approved none of the asked namespaces is ended and refused. */
  async function settle(up: Provider, session: Session, request: SessionRequest): Promise<SharedSession> {
    const shared = await live.open(up, session, request);
    if (Object.keys(shared.namespaces).length === 0) {
      await endLive(up);
      const asked = Object.keys(request.namespaces).join(', ');
      throw new PairingError('error', `The wallet approved none of the requested namespaces (${asked})`);
    }
    storage()?.set(SESSION_KEY, session.topic);
    return shared;
  }

  return {
    get state() {
      return pairing.state;
    },
    subscribe: (listener) => pairing.subscribe(listener),

    async connect(request) {
      pairing.cancel();
      if (settings.extraNamespaces !== undefined) await assertExtraNamespaces();
      pairing.setState({ status: 'starting' });
      let up: Provider;
      try {
        up = await client.provider();
      } catch (error) {
        pairing.setState({ status: 'failed', reason: 'error', message: relayUnreachable().message });
        throw relayUnreachable(error);
      }
      if (live.active || up.session) await endLive(up);
      return pairing.pair(up, request, (session) => settle(up, session, request));
    },

    async restore(request) {
      if (!storage()?.get(SESSION_KEY)) return null;
      if (settings.extraNamespaces !== undefined) await assertExtraNamespaces();
      const up = await client.provider();
      const session = up.session;
      if (!session || session.expiry * 1000 <= Date.now()) {
        storage()?.remove(SESSION_KEY);
        return null;
      }
      const shared = await live.open(up, session, request);
      return Object.keys(shared.namespaces).length > 0 ? shared : null;
    },

    cancel: () => pairing.cancel(),
    livePairing: () => pairing.livePairing(),

    async disconnect() {
      pairing.cancel();
      const up = await client.loaded();
      if (up) await endLive(up);
      else storage()?.remove(SESSION_KEY);
      pairing.setState({ status: 'idle' });
    },

    teardown() {
      pairing.cancel();
      pairing.clear();
      client.close();
    },
  };
}
