import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { createBearerSession } from './bearerSession.js';
import { parseJson, rateLimited, ServiceError, sendJson } from './http.js';
import { createIntentStore, type IntentStore, type SocialIntent, verifierMatches } from './socialIntents.js';
import { sendDonePage, sendDoneScript, sendIntentErrorPage } from './socialPages.js';
import { SOCIAL_INIT_ERROR, socialOutcomeOf } from './socialErrors.js';
import { SOCIAL_PROVIDERS, type SocialProvider } from './socialProviders.js';

/** What this module needs of better-auth: its handler and its internal adapter (sessions). */
export interface SocialAuth {
  handler(request: Request): Promise<Response>;
  $context: Promise<{
    internalAdapter: {
      createSession(userId: string): Promise<{ token: string } | null>;
      findSession(token: string): Promise<{ session: { userId: string } } | null>;
      deleteSession(token: string): Promise<unknown>;
    };
    secret: string;
  }>;
}

export interface SocialSignInOptions {
  providers: readonly SocialProvider[];
  serviceOrigin: string;
  /** The service's Kysely database (with the `social_intent` table). */
  // biome-ignore lint/suspicious/noExplicitAny: the intents table lives beside the wallet table in one Kysely database
  db: Promise<any>;
  auth: () => Promise<SocialAuth>;
  now: () => number;
  /** Counts one intent for the client IP (PROTOCOL.md §1 rate limits). */
  takeIntentSlot(ip: string): { ok: true } | { ok: false; retryAfter: number };
  /** The signed-in user of a bearer request (401 otherwise). */
  userOf(request: IncomingMessage): Promise<{ id: string }>;
}

export interface SocialCaller {
  projectId: string;
  hostOrigin: string;
  ip: string;
}

const INTENT_COOKIE = 'latch_social';
const Challenge = v.pipe(
  v.string('challenge is required'),
  v.regex(/^[A-Za-z0-9_-]{43}$/, 'challenge must be base64url(sha256(verifier))'),
);
const Verifier = v.object({
  verifier: v.pipe(v.string('verifier is required'), v.regex(/^[A-Za-z0-9._~-]{43,128}$/, 'verifier must be 43-128 URL-safe characters')),
});

function bodyOf<T extends v.GenericSchema>(schema: T, value: unknown): v.InferOutput<T> {
  const result = v.safeParse(schema, value);
  if (!result.success) throw new ServiceError(400, 'invalid_request', result.issues[0].message);
  return result.output;
}

function cookieOf(request: IncomingMessage, name: string): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

const isSessionCookie = (line: string) => /^(__Secure-)?better-auth\.(session_token|session_data|dont_remember)=/.test(line);

/**
 * Social sign-in (PROTOCOL.md §1): intents the frame creates and claims, the popup's /social/start and
 * /social/done, and better-auth's OAuth callback, whose outcome is recorded on the intent. The popup keeps no
 * session: the one better-auth makes on the callback is revoked at once and the frame claims a fresh one.
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

  async function callAuth(path: string, init: { method: string; headers: Headers; body?: Uint8Array<ArrayBuffer> | string }) {
    return (await options.auth()).handler(new Request(new URL(path, serviceOrigin), init));
  }

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
    const { challenge, returnTo } = bodyOf(
      v.object({ challenge: Challenge, returnTo: v.optional(v.pipe(v.string(), v.maxLength(2048))) }),
      json,
    );
    let returnUrl: string | null = null;
    if (returnTo !== undefined) {
      let parsed: URL | undefined;
      try {
        parsed = new URL(returnTo);
      } catch {
        // reported below
      }
      if (!parsed || parsed.origin !== caller.hostOrigin)
        throw new ServiceError(400, 'invalid_request', "returnTo must be a URL on the host page's origin");
      returnUrl = parsed.href;
    }
    // A bearer session makes it a LINK intent: the provider account joins the signed-in user.
    const linkUserId = request.headers.authorization ? (await options.userOf(request)).id : null;
    const slot = options.takeIntentSlot(caller.ip);
    if (!slot.ok) throw rateLimited(slot.retryAfter);
    const intentId = await store.create({
      project_id: caller.projectId,
      host_origin: caller.hostOrigin,
      provider,
      challenge,
      return_to: returnUrl,
      link_user_id: linkUserId,
    });
    sendJson(response, 201, { intentId, url: `${serviceOrigin}/social/start?intent=${encodeURIComponent(intentId)}` });
  }

  async function claim(response: ServerResponse, intent: SocialIntent) {
    if (store.isExpired(intent)) throw new ServiceError(410, 'intent_expired', 'This sign-in has expired: start again');
    if (intent.status === 'claimed') throw new ServiceError(410, 'intent_used', 'This sign-in was already used');
    if (intent.status === 'cancelled') throw new ServiceError(410, 'intent_cancelled', 'This sign-in was cancelled');
    if (intent.status === 'pending' || intent.status === 'started') return sendJson(response, 202, { status: 'pending' });
    if (intent.status === 'error') {
      throw new ServiceError(400, intent.error_code ?? 'provider_error', intent.error_message ?? SOCIAL_INIT_ERROR);
    }
    const userId = await store.claim(intent.id);
    if (!userId) throw new ServiceError(410, 'intent_used', 'This sign-in was already used');
    const token = await createBearerSession(await (await options.auth()).$context, userId);
    sendJson(response, 200, { token, social: { provider: intent.provider } }, { 'set-auth-token': token });
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
    const { verifier } = bodyOf(Verifier, parseJson(body));
    const intent = await intentFor(match[1] as string, caller);
    if (!verifierMatches(intent, verifier)) throw new ServiceError(403, 'invalid_verifier', 'The verifier does not match this sign-in');
    if (isClaim) return claim(response, intent);
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

  /** GET /social/start?intent=: better-auth makes the state and PKCE pair (server side); the popup goes to the provider. */
  async function start(response: ServerResponse, url: URL) {
    const intent = await store.find(url.searchParams.get('intent') ?? '');
    if (!intent) return sendIntentErrorPage(response, 404, 'This sign-in link is not valid.');
    if (store.isExpired(intent)) return sendIntentErrorPage(response, 410, 'This sign-in link has expired.');
    if (intent.status !== 'pending') return sendIntentErrorPage(response, 410, 'This sign-in link was already used.');
    let linkSession: string | null = null;
    let answer: Response;
    try {
      const headers = new Headers({ 'content-type': 'application/json', origin: serviceOrigin });
      const body = JSON.stringify({
        provider: intent.provider,
        callbackURL: doneUrl(intent.id),
        errorCallbackURL: doneUrl(intent.id),
        disableRedirect: true,
      });
      if (intent.link_user_id) {
        // better-auth links under a live session of the user: a short one, revoked when the flow ends.
        const session = await (await options.auth()).$context.then((context) =>
          context.internalAdapter.createSession(intent.link_user_id as string),
        );
        if (!session) throw new Error('could not open a session for the link');
        linkSession = session.token;
        headers.set('authorization', `Bearer ${session.token}`);
      }
      if (!(await store.start(intent.id, linkSession))) {
        await revoke(linkSession);
        return sendIntentErrorPage(response, 410, 'This sign-in link was already used.');
      }
      answer = await callAuth(intent.link_user_id ? '/api/auth/link-social' : '/api/auth/sign-in/social', {
        method: 'POST',
        headers,
        body,
      });
      const text = await answer.text();
      const target = answer.ok ? (JSON.parse(text) as { url?: unknown }).url : undefined;
      if (typeof target !== 'string') throw new Error(`better-auth answered ${answer.status}: ${text.slice(0, 200)}`);
      response.statusCode = 302;
      response.setHeader('Location', target);
    } catch (error) {
      console.error('[embedded wallet service] could not start the social sign-in:', error instanceof Error ? error.message : error);
      await fail({ ...intent, link_session_token: linkSession }, 'social_init_error', SOCIAL_INIT_ERROR);
      return sendDonePage(response, {
        intentId: intent.id,
        targetOrigin: intent.host_origin,
        status: 'error',
        code: 'social_init_error',
        message: SOCIAL_INIT_ERROR,
      });
    }
    // better-auth's state cookie (its check that the callback comes back to this browser), and which intent it is.
    const cookies = answer.headers.getSetCookie().filter((line) => !isSessionCookie(line));
    cookies.push(`${INTENT_COOKIE}=${intent.id}; Path=/; Max-Age=600; HttpOnly; SameSite=Lax${secure}`);
    response.setHeader('Set-Cookie', cookies);
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.end();
  }

  /** `/api/auth/callback/<provider>` (the provider's redirect): better-auth's callback, its outcome kept on the intent. */
  async function handleCallback(request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) {
    await storeReady;
    const headers = new Headers();
    for (const name of ['cookie', 'content-type', 'user-agent', 'origin'] as const) {
      const value = request.headers[name];
      if (typeof value === 'string') headers.set(name, value);
    }
    const method = request.method === 'POST' ? 'POST' : 'GET';
    const answer = await callAuth(`${url.pathname}${url.search}`, {
      method,
      headers,
      body: method === 'POST' ? new Uint8Array(body) : undefined,
    });
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
    const context = await (await options.auth()).$context;
    const session = sessionToken ? await context.internalAdapter.findSession(sessionToken) : null;
    if (sessionToken) await context.internalAdapter.deleteSession(sessionToken);

    // The intent: from the redirect better-auth chose (its state carried it), else from this browser's cookie.
    const fromLocation =
      location.origin === serviceOrigin && location.pathname === '/social/done' ? location.searchParams.get('intent') : null;
    const intentId = fromLocation ?? cookieOf(request, INTENT_COOKIE) ?? '';
    const intent = intentId ? await store.find(intentId) : undefined;
    const error = location.searchParams.get('error');
    const provider = (SOCIAL_PROVIDERS as readonly string[]).includes(url.pathname.split('/').pop() ?? '')
      ? (url.pathname.split('/').pop() as SocialProvider)
      : undefined;
    let code: string | undefined;
    if (intent && intent.status === 'started') {
      if (!error && fromLocation && (session || intent.link_user_id)) {
        await store.finish(intent.id, { userId: intent.link_user_id ?? (session?.session.userId as string) });
        await revoke(intent.link_session_token);
      } else {
        const outcome = socialOutcomeOf(
          (provider ?? intent.provider) as SocialProvider,
          error ?? 'unknown_error',
          location.searchParams.get('error_description'),
        );
        code = outcome.code;
        await fail(intent, outcome.code, outcome.message);
      }
    }
    const done = new URL('/social/done', serviceOrigin);
    if (intent) done.searchParams.set('intent', intent.id);
    if (code) done.searchParams.set('error', code);
    response.statusCode = 302;
    response.setHeader('Location', done.href);
    response.setHeader('Set-Cookie', [
      ...cookies.filter((line) => !isSessionCookie(line)),
      `${INTENT_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
    ]);
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.end();
  }

  /** GET /social/done?intent=: posts the outcome to the host page (popup), or 303s back to it (redirect fallback). */
  async function done(response: ServerResponse, url: URL) {
    const intent = await store.find(url.searchParams.get('intent') ?? '');
    if (!intent) return sendIntentErrorPage(response, 404, 'This sign-in could not be verified.');
    if (intent.return_to) {
      const back = new URL(intent.return_to);
      back.searchParams.set('latch_social', intent.id);
      response.writeHead(303, { Location: back.href, 'Cache-Control': 'no-store', 'Referrer-Policy': 'no-referrer' });
      return void response.end();
    }
    if (intent.status === 'pending' || intent.status === 'started')
      return sendIntentErrorPage(response, 409, 'This sign-in has not finished.');
    const ok = intent.status === 'done' || intent.status === 'claimed';
    sendDonePage(response, {
      intentId: intent.id,
      targetOrigin: intent.host_origin,
      status: ok ? 'done' : 'error',
      code: ok ? undefined : (intent.error_code ?? 'popup_closed'),
      message: intent.error_message ?? undefined,
    });
  }

  /** `/social/start`, `/social/done`, `/social/done.js` (top-level pages of the popup, first-party on S). */
  async function handlePage(request: IncomingMessage, response: ServerResponse, url: URL) {
    const method = request.method ?? 'GET';
    if (method !== 'GET' && method !== 'HEAD') throw new ServiceError(405, 'method_not_allowed', 'Use GET');
    if (url.pathname === '/social/done.js') return sendDoneScript(response, method === 'HEAD');
    await storeReady;
    if (url.pathname === '/social/start') return start(response, url);
    if (url.pathname === '/social/done') return done(response, url);
    throw new ServiceError(404, 'not_found', 'Not found');
  }

  return { providers: options.providers, handleApi, handlePage, handleCallback };
}
