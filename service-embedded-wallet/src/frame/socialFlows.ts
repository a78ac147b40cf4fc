import { type OAuthProvider, PROVIDER_NAMES, SOCIAL_INIT_ERROR } from '@latch/connector-embedded/protocol';
import { type ClaimResult, type ServiceClient, ServiceReplyError } from './serviceClient.js';

/*
 * Social and Farcaster sign-in inside the frame (PROTOCOL §1/§2): the frame starts an intent with the challenge of a
 * verifier only it holds, the visitor finishes at the provider in a popup (or a redirect), and the frame claims the
 * session by polling with the verifier. The host page sees the intent id and URL, never the verifier or a token.
 */

export { SOCIAL_INIT_ERROR };
/** How often a pending claim is asked again. */
export const CLAIM_POLL_MS = 1_000;

/** The fixed §8 texts; a provider's own failure (provider_error) and a linked account name the provider. */
const FIXED_TEXTS: Record<string, string> = {
  popup_closed: 'The sign-in window was closed before you finished',
  state_mismatch: 'The sign-in could not be verified. Please try again.',
  farcaster_expired: 'The Farcaster request expired',
  farcaster_invalid: 'The Farcaster signature could not be verified',
};

/** Where the verifier waits out a redirect (the frame origin's sessionStorage); a Map in tests. */
export interface FlowStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface FlowOptions {
  service(): ServiceClient;
  storage?: FlowStorage;
  pollMs?: number;
}

interface PendingIntent {
  verifier: string;
  provider: OAuthProvider;
}

/** What a finished intent gave: a new session, or (a link, a confirmation) that it is done. */
export type SocialOutcome =
  | { token: string; provider: OAuthProvider }
  | { linked: true; provider: OAuthProvider }
  | { steppedUp: true; provider: OAuthProvider };

const storageKey = (intentId: string) => `latch-social:${intentId}`;

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A fresh verifier and its challenge, base64url(sha256(verifier)) (PKCE's S256 shape). */
export async function makeVerifier(): Promise<{ verifier: string; challenge: string }> {
  const verifier = base64url(crypto.getRandomValues(new Uint8Array(32)));
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier)));
  return { verifier, challenge: base64url(digest) };
}

/** A failed claim with its §8 text: the fixed ones, or the service's words naming the provider. */
export function signInFailure(error: unknown, provider: OAuthProvider | 'farcaster'): unknown {
  if (!(error instanceof ServiceReplyError)) return error;
  const name = PROVIDER_NAMES[provider];
  const fixed = FIXED_TEXTS[error.code];
  if (fixed) return new ServiceReplyError(error.code, fixed, error.status);
  if (error.code === 'account_already_linked')
    return new ServiceReplyError(error.code, `This ${name} account is already linked to another wallet`, error.status);
  if (error.code === 'provider_error' && !error.message.startsWith(`${name} sign-in failed: `))
    return new ServiceReplyError(error.code, `${name} sign-in failed: ${error.message}`, error.status);
  if (provider === 'farcaster' && error.status === 410)
    return new ServiceReplyError('farcaster_expired', FIXED_TEXTS.farcaster_expired as string, 410);
  return error;
}

const initError = (error: unknown) =>
  error instanceof ServiceReplyError && error.code === 'service_unavailable'
    ? error
    : new ServiceReplyError('social_init_error', SOCIAL_INIT_ERROR, 0);

/** One frame's flows: its options and the intents, start tokens, channels and waits under way. */
interface FlowState {
  readonly options: FlowOptions;
  readonly pollMs: number;
  readonly intents: Map<string, PendingIntent>;
  /** Popup intents' one-time start tokens, handed to the popup that asks for them (memory only; never to the host). */
  readonly startTokens: Map<string, string>;
  /** Farcaster requests' verifiers (memory only: a Farcaster sign-in has no redirect). */
  readonly channels: Map<string, string>;
  /** Waits in progress, by intent or channel id: cancelling one wakes it. */
  readonly waits: Map<string, { cancelled: boolean; wake(): void }>;
}

function remember({ intents, options }: FlowState, intentId: string, pending: PendingIntent) {
  intents.set(intentId, pending);
  try {
    options.storage?.setItem(storageKey(intentId), JSON.stringify(pending));
  } catch {
    // Storage refused (quota, privacy mode): the popup flow still works from memory.
  }
}

function recall({ intents, options }: FlowState, intentId: string): PendingIntent | undefined {
  const known = intents.get(intentId);
  if (known) return known;
  try {
    const stored = JSON.parse(options.storage?.getItem(storageKey(intentId)) ?? 'null') as Partial<PendingIntent> | null;
    if (typeof stored?.verifier === 'string' && typeof stored.provider === 'string') return stored as PendingIntent;
  } catch {
    // unreadable: unknown intent
  }
  return undefined;
}

function forget({ intents, options }: FlowState, intentId: string) {
  intents.delete(intentId);
  try {
    options.storage?.removeItem(storageKey(intentId));
  } catch {
    // nothing stored
  }
}

/** Claims every `pollMs` until the visitor finished, an error or a cancel. */
async function poll(state: FlowState, id: string, claim: () => Promise<ClaimResult>): Promise<Exclude<ClaimResult, { pending: true }>> {
  const { waits } = state;
  const wait = { cancelled: false, wake: () => {} };
  // A second wait for the same id replaces the first (which answers `cancelled`): one claimer at a time.
  cancelWait(state, id);
  waits.set(id, wait);
  try {
    for (;;) {
      if (wait.cancelled) throw new ServiceReplyError('cancelled', 'The sign-in was cancelled', 0);
      const result = await claim();
      if (!('pending' in result)) return result;
      if (wait.cancelled) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, state.pollMs);
        wait.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
  } finally {
    if (waits.get(id) === wait) waits.delete(id);
  }
}

function cancelWait({ waits }: FlowState, id: string) {
  const wait = waits.get(id);
  if (!wait) return;
  wait.cancelled = true;
  wait.wake();
}

/** What `startSocial` takes besides the provider: a link or a confirmation, under the signed-in `token`. */
interface SocialStartExtra {
  kind?: 'link' | 'reauth';
  token?: string;
  allowDifferentEmail?: boolean;
}

async function startSocial(state: FlowState, provider: OAuthProvider, returnTo: string | undefined, extra: SocialStartExtra = {}) {
  const { verifier, challenge } = await makeVerifier();
  try {
    const { kind, token, allowDifferentEmail } = extra;
    const body = {
      provider,
      challenge,
      ...(returnTo ? { returnTo } : {}),
      ...(kind ? { kind } : {}),
      ...(allowDifferentEmail ? { allowDifferentEmail } : {}),
    };
    const { intentId, url, startToken } = await state.options.service().createSocialIntent(body, token);
    if (typeof intentId !== 'string' || typeof url !== 'string') throw new ServiceReplyError('bad_response', 'No intent', 0);
    remember(state, intentId, { verifier, provider });
    if (typeof startToken === 'string') state.startTokens.set(intentId, startToken);
    return { intentId, url };
  } catch (error) {
    if (error instanceof ServiceReplyError && (error.code === 'step_up_required' || error.status === 401)) throw error;
    throw initError(error);
  }
}

async function waitSocial(state: FlowState, intentId: string, extra: { code?: string; token?: string } = {}): Promise<SocialOutcome> {
  const pending = recall(state, intentId);
  if (!pending) throw new ServiceReplyError('unknown_intent', 'This sign-in was not started here. Please try again.', 0);
  try {
    const result = await poll(state, intentId, () => state.options.service().claimSocialIntent(intentId, pending.verifier, extra));
    return { ...result, provider: pending.provider };
  } catch (error) {
    throw signInFailure(error, pending.provider);
  } finally {
    state.startTokens.delete(intentId);
    forget(state, intentId);
  }
}

async function cancelSocial(state: FlowState, intentId: string) {
  const pending = recall(state, intentId);
  state.startTokens.delete(intentId);
  cancelWait(state, intentId);
  forget(state, intentId);
  if (pending)
    await state.options
      .service()
      .cancelSocialIntent(intentId, pending.verifier)
      .catch(() => undefined);
}

async function startFarcaster({ options, channels }: FlowState) {
  const { verifier, challenge } = await makeVerifier();
  try {
    const { channelId, url, expiresAt } = await options.service().createFarcasterChannel(challenge);
    channels.set(channelId, verifier);
    return { channelId, url, expiresAt };
  } catch (error) {
    throw initError(error);
  }
}

async function waitFarcaster(state: FlowState, channelId: string): Promise<string> {
  const verifier = state.channels.get(channelId);
  if (!verifier) throw new ServiceReplyError('unknown_intent', 'This sign-in was not started here. Please try again.', 0);
  try {
    const result = await poll(state, channelId, () => state.options.service().claimFarcasterChannel(channelId, verifier));
    if (!('token' in result)) throw new ServiceReplyError('bad_response', 'The wallet service did not start a session', 0);
    return result.token;
  } catch (error) {
    throw signInFailure(error, 'farcaster');
  } finally {
    state.channels.delete(channelId);
  }
}

async function cancelFarcaster(state: FlowState, channelId: string) {
  const verifier = state.channels.get(channelId);
  state.channels.delete(channelId);
  cancelWait(state, channelId);
  if (verifier)
    await state.options
      .service()
      .cancelFarcasterChannel(channelId, verifier)
      .catch(() => undefined);
}

export function createSocialFlows(options: FlowOptions) {
  const state: FlowState = {
    options,
    pollMs: options.pollMs ?? CLAIM_POLL_MS,
    intents: new Map(),
    startTokens: new Map(),
    channels: new Map(),
    waits: new Map(),
  };
  return {
    /**
     * A new intent: a sign-in, or (`kind`, under the signed-in `token`) a link or a confirmation by signing in
     * again. A popup intent's start token stays here until its popup asks for it.
     */
    startSocial: (provider: OAuthProvider, returnTo: string | undefined, extra?: SocialStartExtra) =>
      startSocial(state, provider, returnTo, extra),
    /** The start token of an intent this frame made, once: for the popup that asks (PROTOCOL §2 "Sign-in binding"). */
    takeStartToken(intentId: string): string | undefined {
      const token = state.startTokens.get(intentId);
      state.startTokens.delete(intentId);
      return token;
    },
    /**
     * The outcome once the visitor finished at the provider. `code`: the redirect sign-in's browser code the host
     * page came back with; `token`: the session a link or confirmation is for.
     */
    waitSocial: (intentId: string, extra?: { code?: string; token?: string }) => waitSocial(state, intentId, extra),
    cancelSocial: (intentId: string) => cancelSocial(state, intentId),
    startFarcaster: () => startFarcaster(state),
    waitFarcaster: (channelId: string) => waitFarcaster(state, channelId),
    cancelFarcaster: (channelId: string) => cancelFarcaster(state, channelId),
  };
}

export type SocialFlows = ReturnType<typeof createSocialFlows>;
