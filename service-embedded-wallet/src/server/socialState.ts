import type { IncomingMessage } from 'node:http';
import * as v from 'valibot';
import type { SessionScope } from './sessionScopes.js';
import type { IntentStore, SocialIntent } from './socialIntents.js';
import type { SocialProvider } from './socialProviders.js';

/*
 * What the social sign-in routes share: their options, the intent store once the database is open, and the small
 * helpers both the frame's API (socials.ts) and the popup's pages (socialPopup.ts) use.
 */

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

/** The options, the intent store (set once the database is open: await `storeReady` first) and what follows from them. */
export interface SocialState extends SocialSignInOptions {
  store: IntentStore;
  readonly storeReady: Promise<void>;
  readonly configured: Set<string>;
  /** The cookie attribute of an https service. */
  readonly secure: string;
}

/** Holds `<intent id>.<browser secret>` from POST /social/start until /social/done, in the browser that started it. */
export const INTENT_COOKIE = 'latch_social';
export const SECRET = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/, 'expected a 43-character base64url secret'));

function cookieOf(request: IncomingMessage, name: string): string | undefined {
  for (const part of String(request.headers.cookie ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
}

/** The intent id and browser secret this browser's cookie holds. */
export function intentCookie(request: IncomingMessage): { id: string; secret: string } | undefined {
  const [id, secret] = (cookieOf(request, INTENT_COOKIE) ?? '').split('.');
  return id && secret ? { id, secret } : undefined;
}

export const isSessionCookie = (line: string) => /^(__Secure-)?better-auth\.(session_token|session_data|dont_remember)=/.test(line);

export const doneUrl = ({ serviceOrigin }: SocialState, id: string) => `${serviceOrigin}/social/done?intent=${encodeURIComponent(id)}`;

export const authFor = (state: SocialState, intent: Pick<SocialIntent, 'kind' | 'allow_different_email'> | undefined) =>
  state.auth({ anyEmail: intent?.kind === 'link' && intent.allow_different_email });

export async function revoke(state: SocialState, token: string | null | undefined) {
  if (token) await (await state.auth()).$context.then((context) => context.internalAdapter.deleteSession(token));
}

export async function fail(state: SocialState, intent: SocialIntent, code: string, message: string) {
  await state.store.finish(intent.id, { code, message });
  await revoke(state, intent.link_session_token);
}
