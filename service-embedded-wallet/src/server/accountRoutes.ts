import { randomInt } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';
import { CODE_FAILURES, PROVIDER_NAMES } from '@latch/connector-embedded/protocol';
import { parseJson, rateLimited, ServiceError, sendJson } from './http.js';
import type { OtpMailer } from './mailer.js';
import { parseBody } from './parseBody.js';
import type { SessionScopes } from './sessionScopes.js';
import { challengeOf, secretMatches } from './socialIntents.js';

/** How long after proving it is them (a code, or a sign-in again) the owner may change their sign-in methods. */
export const STEP_UP_WINDOW_MS = 10 * 60_000;
const CODE_LIFETIME_MS = 5 * 60_000;
const CODE_GUESSES = 3;

/** What the account routes need of better-auth's internal adapter. */
export interface AccountAdapter {
  findUserById(userId: string): Promise<{ id: string; email: string; emailVerified: boolean } | null>;
  findAccounts(userId: string): Promise<{ id: string; providerId: string; accountId: string; createdAt: Date }[]>;
  deleteAccount(id: string): Promise<unknown>;
}

export interface AccountRouteOptions {
  adapter: () => Promise<AccountAdapter>;
  scopes: () => Promise<SessionScopes>;
  mailer: OtpMailer;
  /** The providers an account can add: the configured socials, and Farcaster when a relay is configured. */
  linkable: readonly string[];
  takeCodeSlot(userId: string): Promise<{ ok: true } | { ok: false; retryAfter: number }>;
}

/** An address the service can mail: a verified one that is not a stand-in for a provider without e-mail. */
export const realEmail = (user: { email: string; emailVerified: boolean } | null) =>
  user?.emailVerified && !user.email.endsWith('.invalid') ? user.email : null;

/** `a***@example.com`: enough for the visitor to know which address, not enough to read it off a screen. */
const masked = (email: string) => email.replace(/^(.)[^@]*/, '$1***');

const providerName = (providerId: string) => PROVIDER_NAMES[providerId as keyof typeof PROVIDER_NAMES] ?? providerId;

/** Mails the account's owner that a sign-in method was added or removed (nothing to send without a real address). */
export async function noticeLoginChange(
  mailer: OtpMailer,
  user: { email: string; emailVerified: boolean } | null,
  providerId: string,
  change: 'added' | 'removed',
): Promise<void> {
  const to = realEmail(user);
  if (!to) return;
  const name = providerName(providerId);
  const subject = change === 'added' ? `${name} can now sign in to your wallet` : `${name} was removed from your wallet's sign-in methods`;
  const text =
    change === 'added'
      ? `A ${name} account was added as a way to sign in to your wallet (${new Date().toUTCString()}).\n\nIf this was not you, open the wallet, go to "Sign-in methods", remove it, and keep your recovery secret safe.`
      : `The ${name} sign-in was removed from your wallet (${new Date().toUTCString()}).\n\nIf this was not you, sign in and check your wallet's sign-in methods.`;
  await mailer.sendNotice(to, subject, text).catch((error: unknown) => {
    console.error('[embedded wallet service] could not send the account notice:', error instanceof Error ? error.message : error);
  });
}

const CodeBody = v.object({ otp: v.pipe(v.string(), v.regex(/^\d{6}$/, 'The code is 6 digits')) });

/**
 * `/api/account/*` for the signed-in owner, from the wallet's own sign-in methods page: the list of ways they can
 * sign in, a confirmation code mailed to prove it is them (step-up), and removing a linked provider account.
 */
export function createAccountRoutes(options: AccountRouteOptions) {
  async function logins(session: { userId: string; sessionId: string }) {
    const adapter = await options.adapter();
    const user = await adapter.findUserById(session.userId);
    const email = realEmail(user);
    const accounts = await adapter.findAccounts(session.userId);
    const methods = [
      ...(email ? [{ id: 'email', provider: 'email', label: masked(email), removable: false }] : []),
      ...accounts.map((account) => ({
        id: account.id,
        provider: account.providerId,
        label: providerName(account.providerId),
        linkedAt: new Date(account.createdAt).toISOString(),
        removable: accounts.length + (email ? 1 : 0) > 1,
      })),
    ];
    const linked = new Set(accounts.map((account) => account.providerId));
    return {
      methods,
      email: email ? masked(email) : null,
      linkable: options.linkable.filter((provider) => !linked.has(provider)),
      steppedUp: await (await options.scopes()).steppedUp(session.sessionId, STEP_UP_WINDOW_MS),
    };
  }

  async function sendCode(response: ServerResponse, session: { userId: string; sessionId: string }) {
    const user = await (await options.adapter()).findUserById(session.userId);
    const to = realEmail(user);
    if (!to) throw new ServiceError(400, 'no_email', 'This wallet has no e-mail address to send a code to: sign in again instead');
    const slot = await options.takeCodeSlot(session.userId);
    if (!slot.ok) throw rateLimited(slot.retryAfter);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    await (await options.scopes()).setStepUpCode(session.sessionId, challengeOf(code), new Date(Date.now() + CODE_LIFETIME_MS));
    try {
      await options.mailer.sendCode(to, code, '5 minutes', 'confirm');
    } catch {
      throw new ServiceError(502, 'send_failed', 'The code could not be sent: try again in a moment');
    }
    sendJson(response, 200, { sent: true, email: masked(to) });
  }

  async function checkCode(response: ServerResponse, body: Buffer, session: { sessionId: string }) {
    const { otp } = parseBody(CodeBody, parseJson(body));
    const scopes = await options.scopes();
    const pending = await scopes.takeStepUpGuess(session.sessionId);
    if (!pending?.step_up_code_hash || !pending.step_up_expires_at) throw new ServiceError(400, 'no_code', 'Ask for a code first');
    if (pending.step_up_attempts > CODE_GUESSES) throw new ServiceError(403, 'too_many_attempts', CODE_FAILURES.too_many_attempts);
    if (new Date(pending.step_up_expires_at).getTime() <= Date.now()) throw new ServiceError(400, 'otp_expired', CODE_FAILURES.otp_expired);
    if (!secretMatches(pending.step_up_code_hash, otp)) throw new ServiceError(400, 'invalid_otp', CODE_FAILURES.invalid_otp);
    await scopes.stepUp(session.sessionId);
    sendJson(response, 200, { steppedUp: true });
  }

  async function unlink(response: ServerResponse, id: string, session: { userId: string; sessionId: string }) {
    if (!(await (await options.scopes()).steppedUp(session.sessionId, STEP_UP_WINDOW_MS)))
      throw new ServiceError(403, 'step_up_required', 'Confirm it is you first: enter the code we sent you, or sign in again');
    const adapter = await options.adapter();
    const user = await adapter.findUserById(session.userId);
    const accounts = await adapter.findAccounts(session.userId);
    const account = accounts.find((entry) => entry.id === id);
    if (!account) throw new ServiceError(404, 'not_found', 'No such sign-in method');
    if (accounts.length + (realEmail(user) ? 1 : 0) <= 1)
      throw new ServiceError(409, 'last_method', 'This is your only way to sign in: add another one before removing it');
    await adapter.deleteAccount(account.id);
    await noticeLoginChange(options.mailer, user, account.providerId, 'removed');
    sendJson(response, 200, {});
  }

  return {
    /** `/api/account/…` after the caller and session checks. */
    async handle(
      request: IncomingMessage,
      response: ServerResponse,
      path: string,
      body: Buffer,
      session: { userId: string; sessionId: string },
    ) {
      const route = `${request.method} ${path}`;
      if (route === 'GET /api/account/logins') return sendJson(response, 200, await logins(session));
      if (route === 'POST /api/account/step-up/code') return sendCode(response, session);
      if (route === 'POST /api/account/step-up') return checkCode(response, body, session);
      const remove = /^DELETE \/api\/account\/logins\/([A-Za-z0-9_-]{1,64})$/.exec(route);
      if (remove) return unlink(response, remove[1] as string, session);
      throw new ServiceError(404, 'not_found', 'Not found');
    },
  };
}
