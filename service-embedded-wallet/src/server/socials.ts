import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { createBearerSession } from './bearerSession.js';
import { parseJson, rateLimited, ServiceError, sendJson } from './http.js';
import { parseBody } from './parseBody.js';
import { STEP_UP_WINDOW_MS } from './accountRoutes.js';
import { createIntentStore, newSecret, type SocialIntent, secretMatches, verifierMatches } from './socialIntents.js';
import { SOCIAL_INIT_ERROR } from './socialErrors.js';
import { handleCallback, handlePage } from './socialPopup.js';
import { revoke, SECRET, type SocialCaller, type SocialSignInOptions, type SocialState } from './socialState.js';

export type { SignedInSession, SocialAuth, SocialCaller, SocialSignInOptions } from './socialState.js';

const Challenge = v.pipe(
  v.string('challenge is required'),
  v.regex(/^[A-Za-z0-9_-]{43}$/, 'challenge must be base64url(sha256(verifier))'),
);
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
/** The intent named in a frame request, if it belongs to this project and host page. */
async function intentFor(state: SocialState, id: string, caller: SocialCaller): Promise<SocialIntent> {
  const intent = await state.store.find(id);
  if (!intent || intent.project_id !== caller.projectId || intent.host_origin !== caller.hostOrigin)
    throw new ServiceError(404, 'not_found', 'No such sign-in');
  return intent;
}

async function createIntent(state: SocialState, request: IncomingMessage, response: ServerResponse, body: Buffer, caller: SocialCaller) {
  const json = parseJson(body);
  const provider = (json as { provider?: unknown } | undefined)?.provider;
  if (typeof provider !== 'string' || !state.configured.has(provider)) {
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
    const session = await state.sessionOf(request, caller);
    // Adding a way to sign in is the owner's decision: they proved it is them moments ago.
    if (kind === 'link' && !(await state.steppedUp(session.sessionId, STEP_UP_WINDOW_MS)))
      throw new ServiceError(403, 'step_up_required', 'Confirm it is you first: enter the code we sent you, or sign in again');
    linkUserId = session.userId;
  }
  const slot = await state.takeIntentSlot(caller.ip);
  if (!slot.ok) throw rateLimited(slot.retryAfter);
  // A popup intent starts only with this token, which the frame gives the popup and nobody else.
  const start = returnUrl ? undefined : newSecret();
  const intentId = await state.store.create({
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
    url: `${state.serviceOrigin}/social/start?intent=${encodeURIComponent(intentId)}`,
    ...(start ? { startToken: start.secret } : {}),
  });
}

async function claim(
  state: SocialState,
  request: IncomingMessage,
  response: ServerResponse,
  intent: SocialIntent,
  code: string | undefined,
  caller: SocialCaller,
) {
  if (state.store.isExpired(intent)) throw new ServiceError(410, 'intent_expired', 'This sign-in has expired: start again');
  if (intent.status === 'claimed') throw new ServiceError(410, 'intent_used', 'This sign-in was already used');
  if (intent.status === 'cancelled') throw new ServiceError(410, 'intent_cancelled', 'This sign-in was cancelled');
  if (intent.status === 'pending' || intent.status === 'started') return sendJson(response, 202, { status: 'pending' });
  if (intent.status === 'error') {
    throw new ServiceError(400, intent.error_code ?? 'provider_error', intent.error_message ?? SOCIAL_INIT_ERROR);
  }
  // A redirect sign-in came back to the host page with its browser's secret: only that browser can claim it.
  if (intent.return_to && !secretMatches(intent.browser_hash, code))
    throw new ServiceError(403, 'wrong_browser', 'This sign-in was finished in another browser');
  const session = intent.kind === 'sign-in' ? undefined : await state.sessionOf(request, caller);
  if (session && session.userId !== intent.link_user_id) throw new ServiceError(403, 'wrong_user', 'This sign-in is for another account');
  const userId = await state.store.claim(intent.id);
  if (!userId) throw new ServiceError(410, 'intent_used', 'This sign-in was already used');
  const provider = { provider: intent.provider };
  if (intent.kind === 'link') return sendJson(response, 200, { linked: true, social: provider });
  if (intent.kind === 'reauth' && session) {
    await state.stepUp(session.sessionId);
    return sendJson(response, 200, { steppedUp: true, social: provider });
  }
  const scope = { projectId: intent.project_id, hostOrigin: intent.host_origin };
  const token = await createBearerSession(await (await state.auth()).$context, userId, (id) => state.bindSession(id, scope));
  sendJson(response, 200, { token, social: provider }, { 'set-auth-token': token });
}

/** `/api/social/intents[/:id[/claim]]`, called by the frame (after the caller checks of every /api route). */
async function handleApi(
  state: SocialState,
  request: IncomingMessage,
  response: ServerResponse,
  path: string,
  body: Buffer,
  caller: SocialCaller,
) {
  await state.storeReady;
  const method = request.method ?? 'GET';
  if (path === '/api/social/intents') {
    if (method !== 'POST') throw new ServiceError(405, 'method_not_allowed', 'Use POST');
    return createIntent(state, request, response, body, caller);
  }
  const match = /^\/api\/social\/intents\/([A-Za-z0-9_-]{1,64})(\/claim)?$/.exec(path);
  if (!match) throw new ServiceError(404, 'not_found', 'Not found');
  const isClaim = Boolean(match[2]);
  if (isClaim ? method !== 'POST' : method !== 'DELETE')
    throw new ServiceError(405, 'method_not_allowed', isClaim ? 'Use POST' : 'Use DELETE');
  const { verifier, code } = parseBody(Verifier, parseJson(body));
  const intent = await intentFor(state, match[1] as string, caller);
  if (!verifierMatches(intent, verifier)) throw new ServiceError(403, 'invalid_verifier', 'The verifier does not match this sign-in');
  if (isClaim) return claim(state, request, response, intent, code, caller);
  if (intent.status !== 'claimed') {
    await state.store.cancel(intent.id);
    await revoke(state, intent.link_session_token);
  }
  sendJson(response, 200, {});
}

/**
 * Social sign-in (PROTOCOL.md §1): intents the frame creates and claims, the popup's /social/start and
 * /social/done, and better-auth's OAuth callback, whose outcome is recorded on the intent. Each intent is bound to
 * the browser that started it: a popup starts only with the start token the frame hands it by postMessage, and a
 * redirect sign-in is claimed only with the secret its browser kept in a cookie. The popup keeps no session: the
 * one better-auth makes on the callback is revoked at once and the frame claims a fresh one.
 */
export function createSocialSignIn(options: SocialSignInOptions) {
  const state: SocialState = {
    ...options,
    // Set below once the database is open; every route awaits `storeReady` first.
    store: undefined as unknown as SocialState['store'],
    storeReady: options.db.then((db) => {
      state.store = createIntentStore(db, options.now);
    }),
    configured: new Set<string>(options.providers),
    secure: options.serviceOrigin.startsWith('https:') ? '; Secure' : '',
  };
  // A database that fails to open is answered per request (503); not an unhandled rejection here.
  state.storeReady.catch(() => undefined);

  return {
    providers: options.providers,
    handleApi: (request: IncomingMessage, response: ServerResponse, path: string, body: Buffer, caller: SocialCaller) =>
      handleApi(state, request, response, path, body, caller),
    handlePage: (request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) =>
      handlePage(state, request, response, url, body),
    handleCallback: (request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) =>
      handleCallback(state, request, response, url, body),
  };
}
