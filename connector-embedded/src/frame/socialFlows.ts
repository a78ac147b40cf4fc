import { type OAuthProvider, PROVIDER_NAMES, SOCIAL_INIT_ERROR } from '../protocol/index.js';
import { type ClaimResult, type ServiceClient, ServiceError } from './serviceClient.js';

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
  if (!(error instanceof ServiceError)) return error;
  const name = PROVIDER_NAMES[provider];
  const fixed = FIXED_TEXTS[error.code];
  if (fixed) return new ServiceError(error.code, fixed, error.status);
  if (error.code === 'account_already_linked')
    return new ServiceError(error.code, `This ${name} account is already linked to another wallet`, error.status);
  if (error.code === 'provider_error' && !error.message.startsWith(`${name} sign-in failed: `))
    return new ServiceError(error.code, `${name} sign-in failed: ${error.message}`, error.status);
  if (provider === 'farcaster' && error.status === 410)
    return new ServiceError('farcaster_expired', FIXED_TEXTS.farcaster_expired as string, 410);
  return error;
}

const initError = (error: unknown) =>
  error instanceof ServiceError && error.code === 'service_unavailable'
    ? error
    : new ServiceError('social_init_error', SOCIAL_INIT_ERROR, 0);

export function createSocialFlows(options: FlowOptions) {
  const pollMs = options.pollMs ?? CLAIM_POLL_MS;
  const intents = new Map<string, PendingIntent>();
  /** Waits in progress, by intent or channel id: cancelling one wakes it. */
  const waits = new Map<string, { cancelled: boolean; wake(): void }>();

  function remember(intentId: string, pending: PendingIntent) {
    intents.set(intentId, pending);
    try {
      options.storage?.setItem(storageKey(intentId), JSON.stringify(pending));
    } catch {
      // Storage refused (quota, privacy mode): the popup flow still works from memory.
    }
  }

  function recall(intentId: string): PendingIntent | undefined {
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

  function forget(intentId: string) {
    intents.delete(intentId);
    try {
      options.storage?.removeItem(storageKey(intentId));
    } catch {
      // nothing stored
    }
  }

  /** Claims every `pollMs` until a token, an error or a cancel. */
  async function poll(id: string, claim: () => Promise<ClaimResult>): Promise<string> {
    const wait = { cancelled: false, wake: () => {} };
    // A second wait for the same id replaces the first (which answers `cancelled`): one claimer at a time.
    cancelWait(id);
    waits.set(id, wait);
    try {
      for (;;) {
        if (wait.cancelled) throw new ServiceError('cancelled', 'The sign-in was cancelled', 0);
        const result = await claim();
        if ('token' in result) return result.token;
        if (wait.cancelled) continue;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pollMs);
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

  function cancelWait(id: string) {
    const wait = waits.get(id);
    if (!wait) return;
    wait.cancelled = true;
    wait.wake();
  }

  return {
    async startSocial(provider: OAuthProvider, returnTo: string | undefined, linkToken?: string) {
      const { verifier, challenge } = await makeVerifier();
      try {
        const { intentId, url } = await options
          .service()
          .createSocialIntent({ provider, challenge, ...(returnTo ? { returnTo } : {}) }, linkToken);
        if (typeof intentId !== 'string' || typeof url !== 'string') throw new ServiceError('bad_response', 'No intent', 0);
        remember(intentId, { verifier, provider });
        return { intentId, url };
      } catch (error) {
        throw initError(error);
      }
    },
    /** The session token once the visitor finished at the provider, with the provider it came from. */
    async waitSocial(intentId: string): Promise<{ token: string; provider: OAuthProvider }> {
      const pending = recall(intentId);
      if (!pending) throw new ServiceError('unknown_intent', 'This sign-in was not started here. Please try again.', 0);
      try {
        const token = await poll(intentId, () => options.service().claimSocialIntent(intentId, pending.verifier));
        return { token, provider: pending.provider };
      } catch (error) {
        throw signInFailure(error, pending.provider);
      } finally {
        forget(intentId);
      }
    },
    async cancelSocial(intentId: string) {
      const pending = recall(intentId);
      cancelWait(intentId);
      forget(intentId);
      if (pending)
        await options
          .service()
          .cancelSocialIntent(intentId, pending.verifier)
          .catch(() => undefined);
    },
    async startFarcaster() {
      try {
        const { channelId, url, expiresAt } = await options.service().createFarcasterChannel();
        return { channelId, url, expiresAt };
      } catch (error) {
        throw initError(error);
      }
    },
    async waitFarcaster(channelId: string): Promise<string> {
      try {
        return await poll(channelId, () => options.service().claimFarcasterChannel(channelId));
      } catch (error) {
        throw signInFailure(error, 'farcaster');
      }
    },
    async cancelFarcaster(channelId: string) {
      cancelWait(channelId);
      await options
        .service()
        .cancelFarcasterChannel(channelId)
        .catch(() => undefined);
    },
  };
}

export type SocialFlows = ReturnType<typeof createSocialFlows>;
