import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { createBearerSession, signSessionToken } from './bearerSession.js';
import { parseJson, rateLimited, ServiceError, sendJson } from './http.js';
import { parseBody } from './parseBody.js';
import { STEP_UP_WINDOW_MS } from './accountRoutes.js';
import type { SessionScope } from './sessionScopes.js';
import { createIntentStore, type IntentStore, newSecret, type SocialIntent, secretMatches, verifierMatches } from './socialIntents.js';
import { sendDonePage, sendIntentErrorPage, sendPageScript, sendStartPage } from './socialPages.js';
import { SOCIAL_INIT_ERROR, socialOutcomeOf } from './socialErrors.js';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from './socialProviders.js';
import { LatchError } from '@latch/kernel';

/** What this module needs of better-auth: its handler and its internal adapter (sessions). */
export interface SocialAuth {
  handler(request: Request): Promise<Response>;
  $context: Promise<{
    internalAdapter: {
      createSession(userId: string): Promise<{ id: string; token: string } | null>;
      findSession(token: string): Promise<{ session: { userId: string } } | null>;
      deleteSession(token: string): Promise<unknown>;
    };
    secret: string;
  }>;
}

/** The signed-in session of a bearer request, checked against the caller's project and host page. */
export interface SignedInSession {
  userId: string;
  sessionId: string;
}

export interface SocialSignInOptions {
  providers: readonly SocialProvider[];
  serviceOrigin: string;
  /** The service's Kysely database (with the `social_intent` table). */
  // biome-ignore lint/suspicious/noExplicitAny: the intents table lives beside the wallet table in one Kysely database
  db: Promise<any>;
  /** better-auth; `anyEmail` is the instance that may link a provider account whose e-mail differs (owner confirmed). */
  auth: (options?: { anyEmail?: boolean }) => Promise<SocialAuth>;
  now: () => number;
  /** Counts one intent for the client IP (PROTOCOL.md §1 rate limits). */
  takeIntentSlot(ip: string): Promise<{ ok: true } | { ok: false; retryAfter: number }>;
  /** The signed-in session of a bearer request for this caller (401 otherwise). */
  sessionOf(request: IncomingMessage, scope: SessionScope): Promise<SignedInSession>;
  /** Ties a new session to the project and host page it is for. */
  bindSession(sessionId: string, scope: SessionScope): Promise<void>;
  /** Whether the session's owner proved it is them within `withinMs`; marks it so. */
  steppedUp(sessionId: string, withinMs: number): Promise<boolean>;
  stepUp(sessionId: string): Promise<void>;
  /** A flow that started at `since` ended on this user with this provider: mail them if it added a way to sign in. */
  noticeNewLogin(userId: string, provider: string, since: Date): Promise<void>;
}

export interface SocialCaller extends SessionScope {
  ip: string;
}

/** Holds `<intent id>.<browser secret>` from POST /social/start until /social/done, in the browser that started it. */
const INTENT_COOKIE = 'latch_social';
const Challenge = v.pipe(
  v.string('challenge is required'),
  v.regex(/^[A-Za-z0-9_-]{43}$/, 'challenge must be base64url(sha256(verifier))'),
);
const SECRET = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'expected a 43-character base64url secret'));
const Verifier = v.object({
  verifier: v.pipe(v.string('verifier is required'), v.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'verifier must be 43-128 URL-safe characters')),
  code: v.optional(SECRET),
});
const CreateBody = v.object({
  provider: v.string(),
  challenge: Challenge,
  returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))),
  kind: v.optional(v.picklist(['sign-in', 'link', 'reauth'] as const)),
  allowDifferentEmail: v.optional(v.boolean()),
});
const StartBody = v.object({ intent: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)), startToken: v.optional(SECRET) });

function cookieOf(request: IncomingMessage, name: string): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The intent id and browser secret this browser's cookie holds. */
function intentCookie(request: IncomingMessage): { id: string; secret: string } | undefined {
  const [id, secret] = (cookieOf(request, INTENT_COOKIE) ?? '').split('.');
  return id && secret ? { id, secret } : undefined;
}

const isSessionCookie = (line: string) => /^(__Secure-)?better-auth\.(session_token|session_data|dont_remember)=/.test(line);

/**
 * Social sign-in (PROTOCOL.md §1): intents the frame creates and claims, the popup's /social/start and
 * /social/done, and better-auth's OAuth callback, whose outcome is recorded on the intent. Each intent is bound to
 * the browser that started it: a popup starts only with the start token the frame hands it by postMessage, and a
 * redirect sign-in is claimed only with the secret its browser kept in a cookie. The popup keeps no session: the
 * one better-auth makes on the callback is revoked at once and the frame claims a fresh one.
 */
export function createSocialSignIn(options: SocialSignInOptions) {
  const { serviceOrigin, now } = options;
  let store: IntentStore;
  const storeReady = options.db.then((db) => {
    store = createIntentStore(db, now);
  });
  // A database that fails to open is answered per request (503); not an unhandled rejection here.
  storeReady.catch(() => undefined);
  const configured = new Set<string>(options.providers);
  const secure = serviceOrigin.startsWith('https:') ? '; Secure' : '';
  const doneUrl = (id: string) => `${serviceOrigin}/social/done?intent=${encodeURIComponent(id)}`;
  const authFor = (intent: Pick<SocialIntent, 'kind' | 'allow_different_email'> | undefined) =>
    options.auth({ anyEmail: intent?.kind === 'link' && intent.allow_different_email });

  async function revoke(token: string | null | undefined) {
    if (token) await (await options.auth()).$context.then((context) => context.internalAdapter.deleteSession(token));
  }

  /** The intent named in a frame request, if it belongs to this project and host page. */
  async function intentFor(id: string, caller: SocialCaller): Promise<SocialIntent> {
    const intent = await store.find(id);
    if (!intent || intent.project_id !== caller.projectId || intent.host_origin !== caller.hostOrigin)
      throw new ServiceError(404, 'not_found', 'No such sign-in');
    return intent;
  }

  async function createIntent(request: IncomingMessage, response: ServerResponse, body: Buffer, caller: SocialCaller) {
    const json = parseJson(body);
    const provider = (json as { provider?: unknown } | undefined)?.provider;
    if (typeof provider !== 'string' || !configured.has(provider)) {
      throw new ServiceError(400, 'provider_not_configured', `Sign-in with '${String(provider)}' is not configured on this service`);
    }
    const { challenge, returnTo, allowDifferentEmail, kind = 'sign-in' } = parseBody(CreateBody, json);
    let returnUrl: string | null = null;
    if (returnTo !== undefined) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(returnTo);
      } catch {
        // reported below
      }
      if (!parsed || parsed.origin !== caller.hostOrigin || kind !== 'sign-in')
        throw new ServiceError(400, 'invalid_request', "returnTo must be a URL on the host page's origin, for a sign-in");
      returnUrl = parsed.href;
    }
    let linkUserId: string | null = null;
    if (kind !== 'sign-in') {
      const session = await options.sessionOf(request, caller);
      // Adding a way to sign in is the owner's decision: they proved it is them moments ago.
      if (kind === 'link' && !(await options.steppedUp(session.sessionId, STEP_UP_WINDOW_MS)))
        throw new ServiceError(403, 'step_up_required', 'Confirm it is you first: enter the code we sent you, or sign in again');
      linkUserId = session.userId;
    }
    const slot = await options.takeIntentSlot(caller.ip);
    if (!slot.ok) throw rateLimited(slot.retryAfter);
    // A popup intent starts only with this token, which the frame gives the popup and nobody else.
    const start = returnUrl ? undefined : newSecret();
    const intentId = await store.create({
      project_id: caller.projectId,
      host_origin: caller.hostOrigin,
      provider,
      challenge,
      return_to: returnUrl,
      link_user_id: linkUserId,
      kind,
      start_token_hash: start?.hash ?? null,
      allow_different_email: kind === 'link' && allowDifferentEmail === true,
    });
    sendJson(response, 201, {
      intentId,
      url: `${serviceOrigin}/social/start?intent=${encodeURIComponent(intentId)}`,
      ...(start ? { startToken: start.secret } : {}),
    });
  }

  async function claim(
    request: IncomingMessage,
    response: ServerResponse,
    intent: SocialIntent,
    code: string | undefined,
    caller: SocialCaller,
  ) {
    if (store.isExpired(intent)) throw new ServiceError(410, 'intent_expired', 'This sign-in has expired: start again');
    if (intent.status === 'claimed') throw new ServiceError(410, 'intent_used', 'This sign-in was already used');
    if (intent.status === 'cancelled') throw new ServiceError(410, 'intent_cancelled', 'This sign-in was cancelled');
    if (intent.status === 'pending' || intent.status === 'started') return sendJson(response, 202, { status: 'pending' });
    if (intent.status === 'error') {
      throw new ServiceError(400, intent.error_code ?? 'provider_error', intent.error_message ?? SOCIAL_INIT_ERROR);
    }
    // A redirect sign-in came back to the host page with its browser's secret: only that browser can claim it.
    if (intent.return_to && !secretMatches(intent.browser_hash, code))
      throw new ServiceError(403, 'wrong_browser', 'This sign-in was finished in another browser');
    const session = intent.kind === 'sign-in' ? undefined : await options.sessionOf(request, caller);
    if (session && session.userId !== intent.link_user_id) throw new ServiceError(403, 'wrong_user', 'This sign-in is for another account');
    const userId = await store.claim(intent.id);
    if (!userId) throw new ServiceError(410, 'intent_used', 'This sign-in was already used');
    const provider = { provider: intent.provider };
    if (intent.kind === 'link') return sendJson(response, 200, { linked: true, social: provider });
    if (intent.kind === 'reauth' && session) {
      await options.stepUp(session.sessionId);
      return sendJson(response, 200, { steppedUp: true, social: provider });
    }
    const scope = { projectId: intent.project_id, hostOrigin: intent.host_origin };
    const token = await createBearerSession(await (await options.auth()).$context, userId, (id) => options.bindSession(id, scope));
    sendJson(response, 200, { token, social: provider }, { 'set-auth-token': token });
  }

  /** `/api/social/intents[/:id[/claim]]`, called by the frame (after the caller checks of every /api route). */
  async function handleApi(request: IncomingMessage, response: ServerResponse, path: string, body: Buffer, caller: SocialCaller) {
    await storeReady;
    const method = request.method ?? 'GET';
    if (path === '/api/social/intents') {
      if (method !== 'POST') throw new ServiceError(405, 'method_not_allowed', 'Use POST');
      return createIntent(request, response, body, caller);
    }
    const match = /^\/api\/social\/intents\/([A-Za-z0-9_-]{1,64})(\/claim)?$/.exec(path);
    if (!match) throw new ServiceError(404, 'not_found', 'Not found');
    const isClaim = Boolean(match[2]);
    if (isClaim ? method !== 'POST' : method !== 'DELETE')
      throw new ServiceError(405, 'method_not_allowed', isClaim ? 'Use POST' : 'Use DELETE');
    const { verifier, code } = parseBody(Verifier, parseJson(body));
    const intent = await intentFor(match[1] as string, caller);
    if (!verifierMatches(intent, verifier)) throw new ServiceError(403, 'invalid_verifier', 'The verifier does not match this sign-in');
    if (isClaim) return claim(request, response, intent, code, caller);
    if (intent.status !== 'claimed') {
      await store.cancel(intent.id);
      await revoke(intent.link_session_token);
    }
    sendJson(response, 200, {});
  }

  async function fail(intent: SocialIntent, code: string, message: string) {
    await store.finish(intent.id, { code, message });
    await revoke(intent.link_session_token);
  }

  /** An intent a link can still start: an HTML page saying why not otherwise. */
  async function startable(response: ServerResponse, id: string): Promise<SocialIntent | undefined> {
    const intent = await store.find(id);
    if (!intent) sendIntentErrorPage(response, 404, 'This sign-in link is not valid.');
    else if (store.isExpired(intent)) sendIntentErrorPage(response, 410, 'This sign-in link has expired.');
    else if (intent.status !== 'pending') sendIntentErrorPage(response, 410, 'This sign-in link was already used.');
    else return intent;
    return undefined;
  }

  /** GET /social/start?intent=: a page that starts nothing by itself (see socialPages.ts). */
  async function startPage(response: ServerResponse, url: URL) {
    const intent = await startable(response, url.searchParams.get('intent') ?? '');
    if (!intent) return;
    sendStartPage(response, {
      intentId: intent.id,
      mode: intent.return_to ? 'redirect' : 'popup',
      providerName: SOCIAL_PROVIDER_NAMES[intent.provider as SocialProvider] ?? intent.provider,
      hostOrigin: intent.host_origin,
      kind: intent.kind,
    });
  }

  /**
   * POST /social/start (from the start page, same origin): a popup intent with the frame's start token, or a
   * redirect intent the visitor confirmed on that page. better-auth makes the state and PKCE pair; the answer is
   * where the page goes next.
   */
  async function start(request: IncomingMessage, response: ServerResponse, body: Buffer) {
    if (request.headers.origin !== serviceOrigin || !['same-origin', undefined].includes(request.headers['sec-fetch-site'] as string))
      throw new ServiceError(403, 'origin_not_allowed', 'Unauthorized: origin not allowed');
    const { intent: id, startToken } = parseBody(StartBody, parseJson(body));
    const intent = await store.find(id);
    if (!intent || store.isExpired(intent) || intent.status !== 'pending')
      throw new ServiceError(
        410,
        'intent_unavailable',
        'This sign-in link has expired or was already used. Close this window and try again.',
      );
    if (!intent.return_to && !secretMatches(intent.start_token_hash, startToken))
      throw new ServiceError(403, 'wrong_browser', 'This sign-in link only works in the window your wallet opened.');
    const browser = newSecret();
    let linkSession: string | null = null;
    let answer: Response;
    const auth = await authFor(intent);
    try {
      const headers = new Headers({ 'content-type': 'application/json', origin: serviceOrigin });
      const callbackBody = JSON.stringify({
        provider: intent.provider,
        callbackURL: doneUrl(intent.id),
        errorCallbackURL: doneUrl(intent.id),
        disableRedirect: true,
      });
      if (intent.kind === 'link') {
        // better-auth links under a live session of the user: a short one, revoked when the flow ends.
        const context = await auth.$context;
        const session = await context.internalAdapter.createSession(intent.link_user_id as string);
        if (!session) throw new LatchError('could not open a session for the link', { category: 'API_ERROR' });
        linkSession = session.token;
        headers.set('authorization', `Bearer ${signSessionToken(context.secret, session.token)}`);
      }
      if (!(await store.start(intent.id, linkSession, browser.hash))) {
        await revoke(linkSession);
        throw new ServiceError(410, 'intent_unavailable', 'This sign-in link was already used.');
      }
      answer = await auth.handler(
        new Request(new URL(intent.kind === 'link' ? '/api/auth/link-social' : '/api/auth/sign-in/social', serviceOrigin), {
          method: 'POST',
          headers,
          body: callbackBody,
        }),
      );
      const text = await answer.text();
      const target = answer.ok ? (JSON.parse(text) as { url?: unknown }).url : undefined;
      if (typeof target !== 'string')
        throw new LatchError(`better-auth answered ${answer.status}: ${text.slice(0, 200)}`, { category: 'API_ERROR' });
      // better-auth's state cookie (its check that the callback comes back to this browser), and this browser's secret.
      const cookies = answer.headers.getSetCookie().filter((line) => !isSessionCookie(line));
      cookies.push(`${INTENT_COOKIE}=${intent.id}.${browser.secret}; Path=/; Max-Age=${5 * 60}; HttpOnly; SameSite=Lax${secure}`);
      response.setHeader('Set-Cookie', cookies);
      sendJson(response, 200, { url: target }, { 'Referrer-Policy': 'no-referrer' });
    } catch (error) {
      if (error instanceof ServiceError) throw error;
      console.error('[embedded wallet service] could not start the social sign-in:', error instanceof Error ? error.message : error);
      await fail({ ...intent, link_session_token: linkSession }, 'social_init_error', SOCIAL_INIT_ERROR);
      sendJson(response, 200, { url: doneUrl(intent.id) });
    }
  }

  /** The intent's outcome once better-auth's callback ran: the user it lands on, or why not. */
  async function recordOutcome(intent: SocialIntent, location: URL, userId: string | undefined, provider: SocialProvider) {
    const error = location.searchParams.get('error');
    const reachedDone = location.origin === serviceOrigin && location.pathname === '/social/done';
    // When the flow began, on the clock the database's own timestamps use (the service's `now` may run elsewhere in tests).
    const since = new Date(Date.now() - (now() - new Date(intent.created_at).getTime()));
    if (!error && reachedDone && intent.kind === 'link') {
      await store.finish(intent.id, { userId: intent.link_user_id as string });
      await revoke(intent.link_session_token);
      await options.noticeNewLogin(intent.link_user_id as string, intent.provider, since);
      return undefined;
    }
    if (!error && reachedDone && userId && (intent.kind === 'sign-in' || userId === intent.link_user_id)) {
      await store.finish(intent.id, { userId });
      if (intent.kind === 'sign-in') await options.noticeNewLogin(userId, intent.provider, since);
      return undefined;
    }
    const outcome =
      !error && reachedDone && userId
        ? {
            code: 'reauth_mismatch',
            message: `That ${SOCIAL_PROVIDER_NAMES[provider]} account is not one of this wallet's sign-in methods`,
          }
        : socialOutcomeOf(provider, error ?? 'unknown_error');
    await fail(intent, outcome.code, outcome.message);
    return outcome.code;
  }

  /** `/api/auth/callback/<provider>` (the provider's redirect): better-auth's callback, its outcome kept on the intent. */
  async function handleCallback(request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) {
    await storeReady;
    const headers = new Headers();
    for (const name of ['cookie', 'content-type', 'user-agent', 'origin'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const bound = intentCookie(request);
    const cookieIntent = bound ? await store.find(bound.id) : undefined;
    const auth = await authFor(cookieIntent);
    const method = request.method === 'POST' ? 'POST' : 'GET';
    const answer = await auth.handler(
      new Request(new URL(`${url.pathname}${url.search}`, serviceOrigin), {
        method,
        headers,
        body: method === 'POST' ? new Uint8Array(body) : undefined,
      }),
    );
    await answer.arrayBuffer();
    const location = new URL(answer.headers.get('location') ?? '/api/auth/error?error=unknown', serviceOrigin);
    const cookies = answer.headers.getSetCookie();
    // Apple's form_post: better-auth turns the POST into a GET on itself first.
    if (location.origin === serviceOrigin && location.pathname.startsWith('/api/auth/callback/')) {
      response.statusCode = 302;
      response.setHeader('Location', location.href);
      response.setHeader(
        'Set-Cookie',
        cookies.filter((line) => !isSessionCookie(line)),
      );
      return void response.end();
    }
    // The session better-auth just made for the popup is never handed out: the frame claims its own.
    const sessionLine = cookies.find((line) => /^(__Secure-)?better-auth\.session_token=/.test(line));
    const signed = sessionLine ? decodeURIComponent(sessionLine.slice(sessionLine.indexOf('=') + 1).split(';')[0] ?? '') : '';
    const sessionToken = signed.split('.')[0] || undefined;
    const context = await auth.$context;
    const session = sessionToken ? await context.internalAdapter.findSession(sessionToken) : null;
    if (sessionToken) await context.internalAdapter.deleteSession(sessionToken);

    // The intent: from the redirect better-auth chose (its state carried it), else from this browser's cookie.
    const fromLocation =
      location.origin === serviceOrigin && location.pathname === '/social/done' ? location.searchParams.get('intent') : null;
    const intentId = fromLocation ?? bound?.id ?? '';
    const intent = intentId ? await store.find(intentId) : undefined;
    const named = url.pathname.split('/').pop() ?? '';
    const provider = ((SOCIAL_PROVIDERS as readonly string[]).includes(named) ? named : intent?.provider) as SocialProvider;
    let code: string | undefined;
    if (intent && intent.status === 'started') code = await recordOutcome(intent, location, session?.session.userId, provider);
    const done = new URL('/social/done', serviceOrigin);
    if (intent) done.searchParams.set('intent', intent.id);
    if (code) done.searchParams.set('error', code);
    response.statusCode = 302;
    response.setHeader('Location', done.href);
    response.setHeader(
      'Set-Cookie',
      cookies.filter((line) => !isSessionCookie(line)),
    );
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.end();
  }

  /** GET /social/done?intent=: posts the outcome to the window that opened the popup, or 303s back to the host page. */
  async function done(request: IncomingMessage, response: ServerResponse, url: URL) {
    const intent = await store.find(url.searchParams.get('intent') ?? '');
    if (!intent) return sendIntentErrorPage(response, 404, 'This sign-in could not be verified.');
    const clear = `${INTENT_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`;
    if (intent.return_to) {
      // Only the browser that started it carries the secret the host page's frame must show to claim it.
      const bound = intentCookie(request);
      if (bound?.id !== intent.id || !secretMatches(intent.browser_hash, bound.secret))
        return sendIntentErrorPage(response, 403, 'This sign-in must be finished in the browser that started it.');
      const back = new URL(intent.return_to);
      back.searchParams.set('latch_social', intent.id);
      back.searchParams.set('latch_code', bound.secret);
      response.writeHead(303, { Location: back.href, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer', 'Set-Cookie': clear });
      return void response.end();
    }
    if (intent.status === 'pending' || intent.status === 'started')
      return sendIntentErrorPage(response, 409, 'This sign-in has not finished.');
    const ok = intent.status === 'done' || intent.status === 'claimed';
    response.setHeader('Set-Cookie', clear);
    sendDonePage(response, {
      intentId: intent.id,
      targetOrigin: intent.host_origin,
      status: ok ? 'done' : 'error',
      code: ok ? undefined : (intent.error_code ?? 'popup_closed'),
      message: intent.error_message ?? undefined,
    });
  }

  /** `/social/start` (GET: the page; POST: begin), `/social/done`, and the pages' static scripts (first-party on S). */
  async function handlePage(request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) {
    const method = request.method ?? 'GET';
    await storeReady;
    if (url.pathname === '/social/start' && method === 'POST') return start(request, response, body);
    if (method !== 'GET' && method !== 'HEAD') throw new ServiceError(405, 'method_not_allowed', 'Use GET');
    const script = /^\/social\/(done|start)\.js$/.exec(url.pathname)?.[1] as 'done' | 'start' | undefined;
    if (script) return sendPageScript(response, script, method === 'HEAD');
    if (url.pathname === '/social/start') return startPage(response, url);
    if (url.pathname === '/social/done') return done(request, response, url);
    throw new ServiceError(404, 'not_found', 'Not found');
  }

  return { providers: options.providers, handleApi, handlePage, handleCallback };
}
