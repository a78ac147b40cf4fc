import { LatchError } from '@latch/kernel';
import { AUTH_CODE_ERRORS, CODE_FAILURES } from '@latch/connector-embedded/protocol';
import type { WalletAddresses } from '@latch/embedded-wallet-frame';

/*
 * The frame's only network traffic: same-origin fetches to the service's PROTOCOL §1 routes. Every /api request
 * names the project and the host page's origin; signed-in requests carry the bearer token (never cookies).
 */

/** A service error as the frame reports it: a code, the text to show, and the wait for rate limits. */
export class ServiceReplyError extends LatchError {
  override readonly name: string = 'ServiceReplyError';
  declare readonly code: string;
  readonly status: number;
  readonly retryAfter?: number;
  constructor(code: string, message: string, status: number, retryAfter?: number) {
    super(message, { category: 'API_ERROR', code });
    this.status = status;
    this.retryAfter = retryAfter;
  }
}

export const SERVICE_UNAVAILABLE = 'Network Error - Could not load embedded wallet';
/** The frame gives up on the service before the host's 30 s request timeout, so the host gets this clear error. */
const FETCH_TIMEOUT_MS = 25_000;

export interface ServiceWallet {
  addresses: Partial<WalletAddresses>;
  hasAuthShare: boolean;
}

export interface SignedIn {
  token: string;
  user: { id: string; email: string };
}

/**
 * A claim's answer: a session token once the visitor finished signing in; for a link or a confirmation by signing
 * in again, that it is done; or still pending.
 */
export type ClaimResult = { token: string } | { linked: true } | { steppedUp: true } | { pending: true };

/** How the visitor can sign in (the wallet's sign-in methods page). */
export interface Logins {
  methods: { id: string; provider: string; label: string; linkedAt?: string; removable: boolean }[];
  email: string | null;
  linkable: string[];
  steppedUp: boolean;
}

/** What `PUT /api/wallet` carries besides the share: both new keys' signatures over the proof text. */
export interface WalletProof {
  eip155: string;
  solana: string;
}

export interface SessionUser {
  id: string;
  email: string;
  name?: string;
}

export interface ServiceClient {
  getProject(): Promise<{ projectId: string; allowedOrigins: string[] }>;
  sendOtp(email: string): Promise<void>;
  signIn(email: string, otp: string): Promise<SignedIn>;
  signOut(token: string): Promise<void>;
  getWallet(token: string): Promise<ServiceWallet>;
  putWallet(token: string, authShare: string, addresses: WalletAddresses, proof: WalletProof): Promise<void>;
  getAuthShare(token: string): Promise<string>;
  /** The signed-in user of a bearer session (better-auth `get-session`). */
  getSessionUser(token: string): Promise<SessionUser>;
  /** `kind` link/reauth with the signed-in `token`; a popup intent's answer carries its one-time `startToken`. */
  createSocialIntent(
    body: { provider: string; challenge: string; returnTo?: string; kind?: 'link' | 'reauth'; allowDifferentEmail?: boolean },
    token?: string,
  ): Promise<{ intentId: string; url: string; startToken?: string }>;
  /** `code`: a redirect sign-in's browser code; `token`: the session a link or confirmation is for. */
  claimSocialIntent(intentId: string, verifier: string, extra?: { code?: string; token?: string }): Promise<ClaimResult>;
  cancelSocialIntent(intentId: string, verifier: string): Promise<void>;
  createFarcasterChannel(challenge: string): Promise<{ channelId: string; url: string; expiresAt: string }>;
  claimFarcasterChannel(channelId: string, verifier: string): Promise<ClaimResult>;
  cancelFarcasterChannel(channelId: string, verifier: string): Promise<void>;
  getLogins(token: string): Promise<Logins>;
  sendStepUpCode(token: string): Promise<void>;
  stepUp(token: string, otp: string): Promise<void>;
  unlink(token: string, methodId: string): Promise<void>;
}

export interface ServiceClientOptions {
  projectId: string;
  /** The host page's origin as MessageEvent.origin reported it. */
  hostOrigin: string;
  /** The service's origin; the frame's own (`location.origin`) by default. */
  baseUrl?: string;
  fetch?: typeof fetch;
}

async function toServiceError(response: Response): Promise<ServiceReplyError> {
  const body = (await response.json().catch(() => undefined)) as
    | { error?: { code?: unknown; message?: unknown; retryAfter?: unknown }; code?: unknown; message?: unknown; retryAfter?: unknown }
    | undefined;
  const header = Number(response.headers.get('retry-after'));
  const shaped = typeof body?.error === 'object' && body.error ? body.error : body;
  const rawCode = typeof shaped?.code === 'string' ? shaped.code : undefined;
  const retryAfter =
    typeof shaped?.retryAfter === 'number' ? shaped.retryAfter : Number.isFinite(header) && header > 0 ? header : undefined;
  // better-auth's own codes, or the service's: a code failure always reads as CODE_FAILURES says.
  const mapped = rawCode
    ? (AUTH_CODE_ERRORS[rawCode] ?? (rawCode in CODE_FAILURES ? AUTH_CODE_ERRORS[rawCode.toUpperCase()] : undefined))
    : undefined;
  if (mapped) return new ServiceReplyError(mapped[0], mapped[1], response.status, retryAfter);
  const message = typeof shaped?.message === 'string' && shaped.message ? shaped.message : `The service answered ${response.status}`;
  const code = rawCode ?? (response.status === 401 ? 'unauthorized' : response.status === 429 ? 'rate_limited' : `http_${response.status}`);
  return new ServiceReplyError(code, message, response.status, retryAfter);
}

/** One request to the service: the project and host page named, the bearer token when given; a failure is thrown. */
type Call = (method: string, path: string, init?: { token?: string; body?: unknown }) => Promise<Response>;

function createCall(options: ServiceClientOptions): Call {
  const base = options.baseUrl ?? location.origin;
  const doFetch = options.fetch ?? fetch.bind(globalThis);
  return async (method, path, init = {}) => {
    const headers: Record<string, string> = {
      'X-Latch-Project': options.projectId,
      'X-Latch-Host-Origin': options.hostOrigin,
    };
    if (init.token) headers.Authorization = `Bearer ${init.token}`;
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';
    let response: Response;
    try {
      response = await doFetch(`${base}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        credentials: 'omit',
        cache: 'no-store',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
    } catch {
      throw new ServiceReplyError('service_unavailable', SERVICE_UNAVAILABLE, 0);
    }
    if (!response.ok) throw await toServiceError(response);
    return response;
  };
}

const json = async <T>(response: Response): Promise<T> => {
  try {
    return (await response.json()) as T;
  } catch {
    throw new ServiceReplyError('bad_response', 'The wallet service sent an unreadable answer', response.status);
  }
};

/** 202: the visitor has not finished; 200: the new session's token (header first, as sign-in gives it). */
async function claimed(response: Response): Promise<ClaimResult> {
  if (response.status === 202) return { pending: true };
  const body = await json<{ token?: unknown; linked?: unknown; steppedUp?: unknown }>(response);
  if (body.linked === true) return { linked: true };
  if (body.steppedUp === true) return { steppedUp: true };
  const token = response.headers.get('set-auth-token') ?? (typeof body.token === 'string' ? body.token : undefined);
  if (!token) throw new ServiceReplyError('bad_response', 'The wallet service did not start a session', response.status);
  return { token };
}

async function signIn(call: Call, email: string, otp: string): Promise<SignedIn> {
  const response = await call('POST', '/api/auth/sign-in/email-otp', { body: { email, otp } });
  const body = await json<{ token?: string; user?: { id?: string; email?: string } }>(response);
  const token = response.headers.get('set-auth-token') ?? body.token;
  if (!token || typeof body.user?.id !== 'string')
    throw new ServiceReplyError('bad_response', 'The wallet service did not start a session', response.status);
  return { token, user: { id: body.user.id, email: body.user.email ?? email } };
}

async function getSessionUser(call: Call, token: string): Promise<SessionUser> {
  const response = await call('GET', '/api/auth/get-session', { token });
  const body = await json<{ user?: { id?: unknown; email?: unknown; name?: unknown } } | null>(response);
  const user = body?.user;
  // better-auth answers `null` (200) for a session it no longer knows.
  if (!user || typeof user.id !== 'string') throw new ServiceReplyError('unauthorized', 'Sign in first', 401);
  return {
    id: user.id,
    email: typeof user.email === 'string' ? user.email : '',
    ...(typeof user.name === 'string' && user.name ? { name: user.name } : {}),
  };
}

export function createServiceClient(options: ServiceClientOptions): ServiceClient {
  const call = createCall(options);
  return {
    getProject: async () => json(await call('GET', `/api/projects/${encodeURIComponent(options.projectId)}`)),
    async sendOtp(email) {
      await call('POST', '/api/auth/email-otp/send-verification-otp', { body: { email, type: 'sign-in' } });
    },
    signIn: (email, otp) => signIn(call, email, otp),
    async signOut(token) {
      await call('POST', '/api/auth/sign-out', { token, body: {} });
    },
    getWallet: async (token) => json(await call('GET', '/api/wallet', { token })),
    async putWallet(token, authShare, addresses, proof) {
      await call('PUT', '/api/wallet', { token, body: { authShare, addresses, proof } });
    },
    getAuthShare: async (token) => (await json<{ authShare: string }>(await call('GET', '/api/wallet/auth-share', { token }))).authShare,
    getSessionUser: (token) => getSessionUser(call, token),
    createSocialIntent: async (body, token) => json(await call('POST', '/api/social/intents', { body, token })),
    claimSocialIntent: async (intentId, verifier, extra = {}) =>
      claimed(
        await call('POST', `/api/social/intents/${encodeURIComponent(intentId)}/claim`, {
          token: extra.token,
          body: { verifier, ...(extra.code ? { code: extra.code } : {}) },
        }),
      ),
    async cancelSocialIntent(intentId, verifier) {
      await call('DELETE', `/api/social/intents/${encodeURIComponent(intentId)}`, { body: { verifier } });
    },
    createFarcasterChannel: async (challenge) => json(await call('POST', '/api/farcaster/channels', { body: { challenge } })),
    claimFarcasterChannel: async (channelId, verifier) =>
      claimed(await call('POST', `/api/farcaster/channels/${encodeURIComponent(channelId)}/claim`, { body: { verifier } })),
    async cancelFarcasterChannel(channelId, verifier) {
      await call('DELETE', `/api/farcaster/channels/${encodeURIComponent(channelId)}`, { body: { verifier } });
    },
    getLogins: async (token) => json(await call('GET', '/api/account/logins', { token })),
    async sendStepUpCode(token) {
      await call('POST', '/api/account/step-up/code', { token, body: {} });
    },
    async stepUp(token, otp) {
      await call('POST', '/api/account/step-up', { token, body: { otp } });
    },
    async unlink(token, methodId) {
      await call('DELETE', `/api/account/logins/${encodeURIComponent(methodId)}`, { token, body: {} });
    },
  };
}
