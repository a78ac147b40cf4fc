import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { LatchError } from '@latch/kernel';
import { signSessionToken } from './bearerSession.js';
import { parseJson, ServiceError, sendJson } from './http.js';
import { parseBody } from './parseBody.js';
import { newSecret, type SocialIntent, secretMatches } from './socialIntents.js';
import { sendDonePage, sendIntentErrorPage, sendPageScript, sendStartPage } from './socialPages.js';
import { SOCIAL_INIT_ERROR, socialOutcomeOf } from './socialErrors.js';
import { SOCIAL_PROVIDER_NAMES, SOCIAL_PROVIDERS, type SocialProvider } from './socialProviders.js';
import { authFor, doneUrl, fail, INTENT_COOKIE, intentCookie, isSessionCookie, revoke, SECRET, type SocialState } from './socialState.js';

/*
 * Social sign-in's top-level pages: the popup's (or redirect's) /social/start, better-auth's OAuth callback, whose
 * outcome is recorded on the intent, and /social/done, which hands the outcome back to the frame.
 */

const StartBody = v.object({ intent: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,64}$/)), startToken: v.optional(SECRET) });

/** An intent a link can still start: an HTML page saying why not otherwise. */
async function startable(state: SocialState, response: ServerResponse, id: string): Promise<SocialIntent | undefined> {
  const intent = await state.store.find(id);
  if (!intent) sendIntentErrorPage(response, 404, 'This sign-in link is not valid.');
  else if (state.store.isExpired(intent)) sendIntentErrorPage(response, 410, 'This sign-in link has expired.');
  else if (intent.status !== 'pending') sendIntentErrorPage(response, 410, 'This sign-in link was already used.');
  else return intent;
  return undefined;
}

/** GET /social/start?intent=: a page that starts nothing by itself (see socialPages.ts). */
async function startPage(state: SocialState, response: ServerResponse, url: URL) {
  const intent = await startable(state, response, url.searchParams.get('intent') ?? '');
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
async function start(state: SocialState, request: IncomingMessage, response: ServerResponse, body: Buffer) {
  if (request.headers.origin !== state.serviceOrigin || !['same-origin', undefined].includes(request.headers['sec-fetch-site'] as string))
    throw new ServiceError(403, 'origin_not_allowed', 'Unauthorized: origin not allowed');
  const { intent: id, startToken } = parseBody(StartBody, parseJson(body));
  const intent = await state.store.find(id);
  if (!intent || state.store.isExpired(intent) || intent.status !== 'pending')
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
  const auth = await authFor(state, intent);
  try {
    const headers = new Headers({ 'content-type': 'application/json', origin: state.serviceOrigin });
    const callbackBody = JSON.stringify({
      provider: intent.provider,
      callbackURL: doneUrl(state, intent.id),
      errorCallbackURL: doneUrl(state, intent.id),
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
    if (!(await state.store.start(intent.id, linkSession, browser.hash))) {
      await revoke(state, linkSession);
      throw new ServiceError(410, 'intent_unavailable', 'This sign-in link was already used.');
    }
    answer = await auth.handler(
      new Request(new URL(intent.kind === 'link' ? '/api/auth/link-social' : '/api/auth/sign-in/social', state.serviceOrigin), {
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
    cookies.push(`${INTENT_COOKIE}=${intent.id}.${browser.secret}; Path=/; Max-Age=${5 * 60}; HttpOnly; SameSite=Lax${state.secure}`);
    response.setHeader('Set-Cookie', cookies);
    sendJson(response, 200, { url: target }, { 'Referrer-Policy': 'no-referrer' });
  } catch (error) {
    if (error instanceof ServiceError) throw error;
    console.error('[embedded wallet service] could not start the social sign-in:', error instanceof Error ? error.message : error);
    await fail(state, { ...intent, link_session_token: linkSession }, 'social_init_error', SOCIAL_INIT_ERROR);
    sendJson(response, 200, { url: doneUrl(state, intent.id) });
  }
}

/** The intent's outcome once better-auth's callback ran: the user it lands on, or why not. */
async function recordOutcome(
  state: SocialState,
  intent: SocialIntent,
  location: URL,
  userId: string | undefined,
  provider: SocialProvider,
) {
  const error = location.searchParams.get('error');
  const reachedDone = location.origin === state.serviceOrigin && location.pathname === '/social/done';
  // When the flow began, on the clock the database's own timestamps use (the service's `now` may run elsewhere in tests).
  const since = new Date(Date.now() - (state.now() - new Date(intent.created_at).getTime()));
  if (!error && reachedDone && intent.kind === 'link') {
    await state.store.finish(intent.id, { userId: intent.link_user_id as string });
    await revoke(state, intent.link_session_token);
    await state.noticeNewLogin(intent.link_user_id as string, intent.provider, since);
    return undefined;
  }
  if (!error && reachedDone && userId && (intent.kind === 'sign-in' || userId === intent.link_user_id)) {
    await state.store.finish(intent.id, { userId });
    if (intent.kind === 'sign-in') await state.noticeNewLogin(userId, intent.provider, since);
    return undefined;
  }
  const outcome =
    !error && reachedDone && userId
      ? {
          code: 'reauth_mismatch',
          message: `That ${SOCIAL_PROVIDER_NAMES[provider]} account is not one of this wallet's sign-in methods`,
        }
      : socialOutcomeOf(provider, error ?? 'unknown_error');
  await fail(state, intent, outcome.code, outcome.message);
  return outcome.code;
}

/** `/api/auth/callback/<provider>` (the provider's redirect): better-auth's callback, its outcome kept on the intent. */
export async function handleCallback(state: SocialState, request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) {
  await state.storeReady;
  const headers = new Headers();
  for (const name of ['cookie', 'content-type', 'user-agent', 'origin'] as const) {
    const value = request.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  const bound = intentCookie(request);
  const cookieIntent = bound ? await state.store.find(bound.id) : undefined;
  const auth = await authFor(state, cookieIntent);
  const method = request.method === 'POST' ? 'POST' : 'GET';
  const answer = await auth.handler(
    new Request(new URL(`${url.pathname}${url.search}`, state.serviceOrigin), {
      method,
      headers,
      body: method === 'POST' ? new Uint8Array(body) : undefined,
    }),
  );
  await answer.arrayBuffer();
  const location = new URL(answer.headers.get('location') ?? '/api/auth/error?error=unknown', state.serviceOrigin);
  const cookies = answer.headers.getSetCookie();
  // Apple's form_post: better-auth turns the POST into a GET on itself first.
  if (location.origin === state.serviceOrigin && location.pathname.startsWith('/api/auth/callback/')) {
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
    location.origin === state.serviceOrigin && location.pathname === '/social/done' ? location.searchParams.get('intent') : null;
  const intentId = fromLocation ?? bound?.id ?? '';
  const intent = intentId ? await state.store.find(intentId) : undefined;
  const named = url.pathname.split('/').pop() ?? '';
  const provider = ((SOCIAL_PROVIDERS as readonly string[]).includes(named) ? named : intent?.provider) as SocialProvider;
  let code: string | undefined;
  if (intent && intent.status === 'started') code = await recordOutcome(state, intent, location, session?.session.userId, provider);
  const done = new URL('/social/done', state.serviceOrigin);
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
async function done(state: SocialState, request: IncomingMessage, response: ServerResponse, url: URL) {
  const intent = await state.store.find(url.searchParams.get('intent') ?? '');
  if (!intent) return sendIntentErrorPage(response, 404, 'This sign-in could not be verified.');
  const clear = `${INTENT_COOKIE}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${state.secure}`;
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
export async function handlePage(state: SocialState, request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) {
  const method = request.method ?? 'GET';
  await state.storeReady;
  if (url.pathname === '/social/start' && method === 'POST') return start(state, request, response, body);
  if (method !== 'GET' && method !== 'HEAD') throw new ServiceError(405, 'method_not_allowed', 'Use GET');
  const script = /^\/social\/(done|start)\.js$/.exec(url.pathname)?.[1] as 'done' | 'start' | undefined;
  if (script) return sendPageScript(response, script, method === 'HEAD');
  if (url.pathname === '/social/start') return startPage(state, response, url);
  if (url.pathname === '/social/done') return done(state, request, response, url);
  throw new ServiceError(404, 'not_found', 'Not found');
}
