import { readErrorMessage, type SessionRequest, type SharedSession } from '@latch/kernel';
import { proposalNamespaces } from './namespaces.js';
import { expiringUri, type Provider } from './provider.js';
import { CANCELLED, DECLINED, EXPIRED, EXPIRY_MARGIN_MS, isRejection, PairingError } from './sessionErrors.js';
import type { ConnectorSettings } from './settings.js';

/*
 * The pairing controller: the state the QR view shows, and one proposal at a time from the pairing URI to the
 * wallet's answer (approved, declined, expired, cancelled by the visitor, or failed).
 */

export type PairingState =
  | { readonly status: 'idle' }
  | { readonly status: 'starting' }
  | { readonly status: 'waiting'; readonly uri: string; readonly expiresAt: number }
  | { readonly status: 'approved' }
  | { readonly status: 'failed'; readonly reason: PairingError['reason']; readonly message: string };

type Session = NonNullable<Provider['session']>;

/** One proposal under way. */
interface Attempt {
  fail(error: PairingError): void;
  timer?: ReturnType<typeof setTimeout>;
  pairingTopic?: string;
}

export interface PairingController {
  readonly state: PairingState;
  subscribe(listener: (state: PairingState) => void): () => void;
  setState(next: PairingState): void;
  /** Whether a proposal is under way. */
  busy(): boolean;
  /** Abandons the proposal under way, if any ('cancelled'). */
  cancel(): void;
  /** The wallet deleted a pairing (or it expired): the proposal on it fails as expired. */
  pairingGone(topic: string): void;
  /** The pairing still waiting for a wallet, while more than the expiry margin of its life remains. */
  livePairing(): Extract<PairingState, { status: 'waiting' }> | undefined;
  /**
   * Proposes a session for the request and waits for the wallet; `settle` turns the approved session into the
   * kernel's (and may refuse it with a PairingError).
   */
  pair(up: Provider, request: SessionRequest, settle: (session: Session) => Promise<SharedSession>): Promise<SharedSession>;
  /** Forgets every listener (the modal is gone). */
  clear(): void;
}

/** The library's failure as a PairingError: a refusal is 'declined', anything else 'error' with its words. */
function pairingFailure(error: unknown): PairingError {
  if (error instanceof PairingError) return error;
  if (isRejection(error)) return new PairingError('declined', DECLINED, error);
  return new PairingError('error', error instanceof Error && error.message ? error.message : 'Connection failed', error);
}

export function createPairingController(settings: ConnectorSettings): PairingController {
  let state: PairingState = { status: 'idle' };
  const listeners = new Set<(state: PairingState) => void>();
  let pending: Attempt | undefined;

  function setState(next: PairingState): void {
    state = next;
    for (const listener of [...listeners]) listener(next);
  }

  /** Shows the URI the library made, with this connector's lifetime written into it, and arms the expiry. */
  function showUri(up: Provider, attempt: Attempt, sdkUri: string): void {
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
  }

  async function pair(up: Provider, request: SessionRequest, settle: (session: Session) => Promise<SharedSession>) {
    const { namespaces, optionalNamespaces } = proposalNamespaces(request, settings.requiredNamespaces, settings.extraNamespaces);
    let fail: (error: PairingError) => void = () => undefined;
    const abandoned = new Promise<never>((_resolve, reject) => (fail = reject));
    const attempt: Attempt = { fail: (error) => fail(error) };
    pending = attempt;
    const onUri = (uri: string) => showUri(up, attempt, uri);
    up.on('display_uri', onUri);
    const approval = up.connect({ ...(Object.keys(namespaces).length > 0 ? { namespaces } : {}), optionalNamespaces });
    approval.catch(() => undefined); // an abandoned attempt may still settle later
    try {
      const session = await Promise.race([approval, abandoned]);
      if (!session) throw new PairingError('error', 'The wallet approved no session');
      const shared = await settle(session);
      setState({ status: 'approved' });
      return shared;
    } catch (error) {
      const failure = pairingFailure(error);
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
  }

  return {
    get state() {
      return state;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setState,
    busy: () => pending !== undefined,
    cancel: () => pending?.fail(new PairingError('cancelled', CANCELLED)),
    pairingGone(topic) {
      if (pending && pending.pairingTopic === topic) pending.fail(new PairingError('expired', EXPIRED));
    },
    livePairing() {
      return pending && state.status === 'waiting' && state.expiresAt - Date.now() > EXPIRY_MARGIN_MS ? state : undefined;
    },
    pair,
    clear: () => listeners.clear(),
  };
}
