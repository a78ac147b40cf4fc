// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SmtpInbox, startSmtpInbox } from '@latch/devnet';
import { createHeadlessBrowser, type HeadlessBrowser, type OidcProviderFixture, startOidcProvider } from '@latch/devnet/oidc';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { provenWallet } from '../test-support/provenWallet.js';
import { createEmbeddedWalletService, type EmbeddedWalletService } from './index.js';

const HOST = 'http://host.test:5173';
const SECRET = 'test-secret-of-at-least-32-characters!!';
const runId = randomBytes(4).toString('hex');
let counter = 0;
const fresh = (prefix: string) => `${prefix}${++counter}${runId}`;

let inbox: SmtpInbox;
let oidc: OidcProviderFixture;
let server: Server;
let service: EmbeddedWalletService;
let serviceUrl: string;
let pglite: PGlite;
let frameDir: string;
// The service's clock (rate limits, intent expiry): each test starts an hour and a bit after the previous one.
let skew = 0;
const outbound: string[] = [];
const realFetch = globalThis.fetch;

const secretOf = (id: string) => `${id}-secret`;

beforeAll(async () => {
  // Every request the service makes goes through fetch: record where it goes (only the stand-in is allowed).
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    outbound.push(new URL(input instanceof Request ? input.url : String(input)).origin);
    return realFetch(input, init);
  }) as typeof fetch;
  inbox = await startSmtpInbox();
  frameDir = await mkdtemp(join(tmpdir(), 'latch-social-frame-'));
  server = createServer((request, response) => service.handle(request, response));
  // Longer than fetch's own 4 s keep-alive: the client always drops an idle socket first, so a request never lands
  // on one the server is closing (ECONNRESET on a loaded machine).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  serviceUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const callback = (provider: string) => `${serviceUrl}/api/auth/callback/${provider}`;
  oidc = await startOidcProvider({
    clients: [
      { clientId: 'google-app', clientSecret: secretOf('google-app'), redirectUris: [callback('google')] },
      { clientId: 'github-app', clientSecret: secretOf('github-app'), redirectUris: [callback('github')] },
      { clientId: 'discord-app', clientSecret: secretOf('discord-app'), redirectUris: [callback('discord')] },
      {
        clientId: 'x-app',
        clientSecret: secretOf('x-app'),
        redirectUris: [callback('x')],
        tokenEndpointAuthMethod: 'client_secret_basic',
      },
      // Another app at the same provider, allowed to redirect to our callback: its codes must not work for us.
      { clientId: 'other-app', clientSecret: secretOf('other-app'), redirectUris: [callback('google')] },
    ],
  });
  pglite = new PGlite();
  service = createEmbeddedWalletService({
    database: pglite,
    projects: [{ id: 'demo', allowedOrigins: [HOST, 'http://second.test'] }],
    smtp: { host: inbox.host, port: inbox.port, from: 'Wallet <wallet@service.test>' },
    secret: SECRET,
    publicUrl: serviceUrl,
    frameDir,
    now: () => Date.now() + skew,
    rateLimits: { socialIntentsPerIp: [{ max: 12, windowMs: 3_600_000 }] },
    socials: {
      google: { clientId: 'google-app', clientSecret: secretOf('google-app'), discoveryUrl: oidc.discoveryUrl },
      github: {
        clientId: 'github-app',
        clientSecret: secretOf('github-app'),
        authorizationUrl: oidc.authorizationUrl,
        tokenUrl: oidc.tokenUrl,
        userInfoUrl: oidc.vendorUserUrl('github'),
      },
      discord: {
        clientId: 'discord-app',
        clientSecret: secretOf('discord-app'),
        authorizationUrl: oidc.authorizationUrl,
        tokenUrl: oidc.tokenUrl,
        userInfoUrl: oidc.vendorUserUrl('discord'),
      },
      x: {
        clientId: 'x-app',
        clientSecret: secretOf('x-app'),
        authorizationUrl: oidc.authorizationUrl,
        tokenUrl: oidc.tokenUrl,
        userInfoUrl: oidc.vendorUserUrl('x'),
      },
    },
  });
  await service.ready;
});

afterAll(async () => {
  globalThis.fetch = realFetch;
  await new Promise<void>((resolve) => {
    server?.closeAllConnections();
    server?.close(() => resolve());
  });
  await service?.close();
  await pglite?.close();
  await oidc?.close();
  await inbox?.close();
  await rm(frameDir, { recursive: true, force: true });
});

beforeEach(() => {
  skew += 3_700_000;
});

interface Call {
  method?: string;
  body?: unknown;
  token?: string;
  hostOrigin?: string;
}

/** A request as the frame makes it (same origin as the service, naming the project and the host page). */
async function api(path: string, call: Call = {}) {
  const method = call.method ?? (call.body !== undefined ? 'POST' : 'GET');
  const headers: Record<string, string> = { 'X-Latch-Project': 'demo', 'X-Latch-Host-Origin': call.hostOrigin ?? HOST };
  if (method !== 'GET') headers.Origin = serviceUrl;
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await realFetch(`${serviceUrl}${path}`, {
    method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers of several shapes; each test asserts the one it expects
  let json: any;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, json, text };
}

/** The frame's half of the intent: a verifier it keeps, the challenge it sends. */
function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

interface Intent {
  verifier: string;
  challenge: string;
  intentId: string;
  url: string;
  /** A popup intent's one-time start token (the frame keeps it and hands it only to its popup). */
  startToken?: string;
}

async function createIntent(
  provider: string,
  options: { token?: string; returnTo?: string; kind?: 'link' | 'reauth'; allowDifferentEmail?: boolean } = {},
): Promise<Intent> {
  const pair = pkcePair();
  const { token, ...extra } = options;
  const created = await api('/api/social/intents', { body: { provider, challenge: pair.challenge, ...extra }, token });
  expect(created.status, created.text).toBe(201);
  expect(created.json.url).toBe(`${serviceUrl}/social/start?intent=${created.json.intentId}`);
  if (options.returnTo) expect(created.json.startToken).toBeUndefined();
  else expect(created.json.startToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { ...pair, intentId: created.json.intentId as string, url: created.json.url as string, startToken: created.json.startToken };
}

const claim = (intentId: string, verifier: string, extra: { hostOrigin?: string; code?: string; token?: string } = {}) =>
  api(`/api/social/intents/${intentId}/claim`, {
    body: { verifier, ...(extra.code ? { code: extra.code } : {}) },
    hostOrigin: extra.hostOrigin,
    token: extra.token,
  });

/**
 * The popup's first page, then what its script does once the frame handed it the start token (or, for a redirect
 * sign-in, once the visitor pressed Continue): POST /social/start from the page. Returns where the page goes next.
 */
async function begin(browser: HeadlessBrowser, intent: Intent, startToken = intent.startToken): Promise<string> {
  const page = await browser.goto(intent.url);
  expect(page.status, page.text).toBe(200);
  expect(page.url).toBe(intent.url);
  expect(page.text).toContain('<script src="/social/start.js"></script>');
  const started = await browser.fetch(`${serviceUrl}/social/start`, {
    json: { intent: intent.intentId, ...(startToken ? { startToken } : {}) },
  });
  const body = (await started.json()) as { url?: string; error?: unknown };
  expect(started.status, JSON.stringify(body)).toBe(200);
  return body.url as string;
}

/** The popup: start → the provider (signed in as `sub` at once) → the callback → /social/done. */
async function popup(intent: Intent, sub?: string, browser: HeadlessBrowser = createHeadlessBrowser()) {
  if (sub) oidc.nextLogin(sub);
  return browser.goto(await begin(browser, intent));
}

async function signIn(provider: string, sub: string) {
  const intent = await createIntent(provider);
  const done = await popup(intent, sub);
  expect(done.url).toBe(`${serviceUrl}/social/done?intent=${intent.intentId}`);
  expect(done.text, done.text).toContain('data-status="done"');
  const claimed = await claim(intent.intentId, intent.verifier);
  expect(claimed.status, claimed.text).toBe(200);
  const session = await api('/api/auth/get-session', { token: claimed.json.token });
  expect(session.status).toBe(200);
  return {
    token: claimed.json.token as string,
    user: session.json.user as { id: string; email: string; name: string; emailVerified: boolean },
  };
}

async function otpUser(email: string) {
  const after = inbox.messages.length;
  const sent = await api('/api/auth/email-otp/send-verification-otp', { body: { email, type: 'sign-in' } });
  expect(sent.status, sent.text).toBe(200);
  const mail = await inbox.waitFor({ to: email }, { after });
  const otp = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const signedIn = await api('/api/auth/sign-in/email-otp', { body: { email, otp } });
  expect(signedIn.status, signedIn.text).toBe(200);
  return { token: signedIn.headers.get('set-auth-token') as string, user: signedIn.json.user as { id: string } };
}

/** The owner proves it is them (a code mailed to their address) before changing how they sign in. */
async function stepUp(email: string, token: string) {
  const after = inbox.messages.length;
  const sent = await api('/api/account/step-up/code', { body: {}, token });
  expect(sent.status, sent.text).toBe(200);
  const mail = await inbox.waitFor({ to: email }, { after });
  expect(mail.subject).toContain('confirmation code');
  const otp = /\b(\d{6})\b/.exec(mail.text)?.[1];
  const confirmed = await api('/api/account/step-up', { body: { otp }, token });
  expect(confirmed.status, confirmed.text).toBe(200);
}

const sessionsOf = async (userId: string) =>
  Number((await pglite.query<{ n: number }>('select count(*)::int as n from "session" where "userId" = $1', [userId])).rows[0]?.n);

/** Runs the popup until the provider would redirect to our callback, and returns that callback URL. */
async function untilCallback(intent: Intent, sub: string, browser: HeadlessBrowser) {
  oidc.nextLogin(sub);
  const { stoppedAt } = await browser.gotoUntil(await begin(browser, intent), (next) => next.pathname.startsWith('/api/auth/callback/'));
  return new URL(stoppedAt);
}

describe('social sign-in on the embedded wallet service', () => {
  it('lists only the configured providers, in §9 order', async () => {
    const project = await realFetch(`${serviceUrl}/api/projects/demo`);
    expect((await project.json()).socials).toEqual(['google', 'x', 'discord', 'github']);
  });

  it('signs in with Google (OpenID Connect) through the sign-in form: code + PKCE, claim, then the wallet API', async () => {
    const sub = fresh('g');
    const email = `${sub}@gmail.test`;
    oidc.addAccount({ sub, email, email_verified: true, name: 'Gina Google' });
    const intent = await createIntent('google');
    const pending = await claim(intent.intentId, intent.verifier);
    expect(pending.status).toBe(202);
    expect(pending.json).toEqual({ status: 'pending' });

    const browser = createHeadlessBrowser();
    const login = await browser.goto(await begin(browser, intent));
    expect(login.url.startsWith(`${oidc.issuer}/interaction/`)).toBe(true);
    const authorize = new URL(login.hops.find((hop) => hop.url.startsWith(oidc.authorizationUrl))?.url as string);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${serviceUrl}/api/auth/callback/google`);
    expect(authorize.searchParams.get('client_id')).toBe('google-app');

    const done = await browser.submitForm(login, { account: sub }, { name: 'action', value: 'login' });
    expect(done.url).toBe(`${serviceUrl}/social/done?intent=${intent.intentId}`);
    expect(done.status).toBe(200);
    expect(done.headers.get('content-security-policy')).toContain("script-src 'self'");
    expect(done.text).toContain(`data-target-origin="${HOST}"`);
    expect(done.text).toContain('<script src="/social/done.js"></script>');
    expect(done.text).not.toMatch(/<script>/);
    // The popup keeps nothing: no session cookie reached it.
    expect([...browser.cookies('127.0.0.1').keys()].filter((name) => name.includes('session_token'))).toEqual([]);

    expect((await claim(intent.intentId, pkcePair().verifier)).status).toBe(403);
    expect((await claim(intent.intentId, intent.verifier, { hostOrigin: 'http://second.test' })).status).toBe(404);
    const claimed = await claim(intent.intentId, intent.verifier);
    expect(claimed.status, claimed.text).toBe(200);
    expect(claimed.headers.get('set-auth-token')).toBe(claimed.json.token);
    expect(claimed.json.social).toEqual({ provider: 'google' });
    const again = await claim(intent.intentId, intent.verifier);
    expect(again.status).toBe(410);
    expect(again.json.error.code).toBe('intent_used');

    const session = await api('/api/auth/get-session', { token: claimed.json.token });
    expect(session.json.user).toMatchObject({ email, name: 'Gina Google', emailVerified: true });
    // The callback's own session was revoked: the claimed one is the only one.
    expect(await sessionsOf(session.json.user.id)).toBe(1);
    const none = await api('/api/wallet', { token: claimed.json.token });
    expect(none.status).toBe(200);
    expect(none.json).toEqual({ addresses: {}, hasAuthShare: false });
    const wallet2 = await provenWallet(session.json.user.id, 'demo');
    expect((await api('/api/wallet', { method: 'PUT', body: wallet2, token: claimed.json.token })).status).toBe(201);

    const second = await signIn('google', sub);
    expect(second.user.id).toBe(session.json.user.id);
    expect((await api('/api/wallet', { token: second.token })).json.addresses).toEqual(wallet2.addresses);
  });

  it("signs in with GitHub's and Discord's wire formats: verified primary e-mail, same user again", async () => {
    const sub = String(40_000_000 + counter++);
    oidc.addAccount({ sub, email: `${fresh('octo')}@users.test`, email_verified: true, name: 'Octo Cat', login: 'octocat' });
    const first = await signIn('github', sub);
    expect(first.user).toMatchObject({ name: 'Octo Cat', emailVerified: true });
    expect((await signIn('github', sub)).user.id).toBe(first.user.id);

    const discordSub = fresh('8000');
    oidc.addAccount({ sub: discordSub, email: `${discordSub}@discord.test`, email_verified: false, username: 'dee' });
    const discord = await signIn('discord', discordSub);
    // Discord says the address is not verified: a placeholder that can match no one.
    expect(discord.user).toMatchObject({ email: `${discordSub}@discord.invalid`, emailVerified: false, name: 'dee' });
    expect((await signIn('discord', discordSub)).user.id).toBe(discord.user.id);
  });

  it('signs in with X (no e-mail at all): a placeholder address, the same user every time', async () => {
    const sub = fresh('77');
    oidc.addAccount({ sub, name: 'Xavier', username: 'xavier' });
    const first = await signIn('x', sub);
    expect(first.user).toMatchObject({ email: `${sub}@x.invalid`, emailVerified: false, name: 'Xavier' });
    expect((await signIn('x', sub)).user.id).toBe(first.user.id);
  });

  it('lands a Google login with the verified e-mail of an e-mail user on that user; an unverified one never', async () => {
    const email = `${fresh('both')}@example.test`;
    const { user } = await otpUser(email);
    const googleSub = fresh('gl');
    oidc.addAccount({ sub: googleSub, email, email_verified: true, name: 'Both Ways' });
    expect((await signIn('google', googleSub)).user.id).toBe(user.id);

    const discordSub = fresh('dl');
    oidc.addAccount({ sub: discordSub, email, email_verified: false, username: 'impostor' });
    expect((await signIn('discord', discordSub)).user.id).not.toBe(user.id);
  });

  it('links a provider account only after the owner confirmed it is them, mails them, and refuses one linked to someone else', async () => {
    const aliceEmail = `${fresh('alice')}@example.test`;
    const alice = await otpUser(aliceEmail);
    const xSub = fresh('71');
    oidc.addAccount({ sub: xSub, name: 'Alice on X', username: 'alice_x' });
    // A session alone cannot add a way to sign in: a stolen token is not a backdoor.
    const unconfirmed = await api('/api/social/intents', {
      body: { provider: 'x', challenge: pkcePair().challenge, kind: 'link' },
      token: alice.token,
    });
    expect(unconfirmed.status).toBe(403);
    expect(unconfirmed.json.error.code).toBe('step_up_required');
    await stepUp(aliceEmail, alice.token);

    // X gives no e-mail: linked only when the owner also said a different address is fine.
    const strict = await createIntent('x', { token: alice.token, kind: 'link' });
    expect((await popup(strict, xSub)).text).toContain('data-code="email_does_not_match"');
    expect((await claim(strict.intentId, strict.verifier, { token: alice.token })).json.error.code).toBe('email_does_not_match');

    const after = inbox.messages.length;
    const intent = await createIntent('x', { token: alice.token, kind: 'link', allowDifferentEmail: true });
    expect((await popup(intent, xSub)).text).toContain('data-status="done"');
    // Only the owner's session claims it, and it makes no new session.
    const bobEmail = `${fresh('bob')}@example.test`;
    const bob = await otpUser(bobEmail);
    const stolen = await claim(intent.intentId, intent.verifier, { token: bob.token });
    expect(stolen.status).toBe(403);
    expect(stolen.json).toEqual({ error: { code: 'wrong_user', message: 'This sign-in is for another account' } });
    const linked = await claim(intent.intentId, intent.verifier, { token: alice.token });
    expect(linked.status, linked.text).toBe(200);
    expect(linked.json).toEqual({ linked: true, social: { provider: 'x' } });
    // The owner is told by mail.
    const notice = await inbox.waitFor({ to: aliceEmail }, { after });
    expect(notice.subject).toBe('X can now sign in to your wallet');
    // From now on X alone reaches Alice (the same wallet).
    expect((await signIn('x', xSub)).user.id).toBe(alice.user.id);
    const logins = await api('/api/account/logins', { token: alice.token });
    expect(logins.json.methods.map((method: { provider: string }) => method.provider)).toEqual(['email', 'x']);

    await stepUp(bobEmail, bob.token);
    const taken = await createIntent('x', { token: bob.token, kind: 'link', allowDifferentEmail: true });
    const done = await popup(taken, xSub);
    expect(done.text).toContain('data-code="account_already_linked"');
    const refused = await claim(taken.intentId, taken.verifier, { token: bob.token });
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({
      code: 'account_already_linked',
      message: 'This X account is already linked to another wallet',
    });
    // Bob's LINK session was revoked with the flow: only his sign-in session is left.
    expect(await sessionsOf(bob.user.id)).toBe(1);
    expect(
      (await api('/api/social/intents', { body: { provider: 'x', challenge: pkcePair().challenge, kind: 'link' }, token: 'not-a-session' }))
        .status,
    ).toBe(401);
  });

  it('lists sign-in methods and removes a linked one only after a fresh confirmation, never the last one', async () => {
    const email = `${fresh('carol')}@example.test`;
    const { user } = await otpUser(email);
    const googleSub = fresh('gc');
    oidc.addAccount({ sub: googleSub, email, email_verified: true, name: 'Carol' });
    const after = inbox.messages.length;
    // A Google login with Carol's verified e-mail joins her account: a new way in, so she is told.
    const google = await signIn('google', googleSub);
    expect(google.user.id).toBe(user.id);
    expect((await inbox.waitFor({ to: email }, { after })).subject).toBe('Google can now sign in to your wallet');
    const listed = await api('/api/account/logins', { token: google.token });
    expect(listed.json).toMatchObject({ email: expect.stringMatching(/^c\*\*\*@example\.test$/), steppedUp: false });
    const googleMethod = listed.json.methods.find((method: { provider: string }) => method.provider === 'google');
    expect((await api(`/api/account/logins/${googleMethod.id}`, { method: 'DELETE', body: {}, token: google.token })).status).toBe(403);
    // A wrong code is refused; the mailed one confirms.
    const before = inbox.messages.length;
    const sent = await api('/api/account/step-up/code', { body: {}, token: google.token });
    expect(sent.json).toEqual({ sent: true, email: expect.stringMatching(/^c\*\*\*@/) });
    const otp = /\b(\d{6})\b/.exec((await inbox.waitFor({ to: email }, { after: before })).text)?.[1] as string;
    const wrong = await api('/api/account/step-up', { body: { otp: otp === '000000' ? '111111' : '000000' }, token: google.token });
    expect(wrong.json.error).toEqual({ code: 'invalid_otp', message: 'Invalid code' });
    expect((await api('/api/account/step-up', { body: { otp }, token: google.token })).status).toBe(200);
    const removed = await api(`/api/account/logins/${googleMethod.id}`, { method: 'DELETE', body: {}, token: google.token });
    expect(removed.status, removed.text).toBe(200);
    expect((await api('/api/account/logins', { token: google.token })).json.methods.map((m: { provider: string }) => m.provider)).toEqual([
      'email',
    ]);
    // A social-only account cannot remove its only way in, and confirms by signing in again (no e-mail to mail).
    const xSub = fresh('xs');
    oidc.addAccount({ sub: xSub, name: 'Solo', username: 'solo' });
    const solo = await signIn('x', xSub);
    expect((await api('/api/account/step-up/code', { body: {}, token: solo.token })).json.error.code).toBe('no_email');
    const reauth = await createIntent('x', { token: solo.token, kind: 'reauth' });
    expect((await popup(reauth, xSub)).text).toContain('data-status="done"');
    const confirmed = await claim(reauth.intentId, reauth.verifier, { token: solo.token });
    expect(confirmed.json).toEqual({ steppedUp: true, social: { provider: 'x' } });
    const only = (await api('/api/account/logins', { token: solo.token })).json;
    expect(only.steppedUp).toBe(true);
    expect(only.methods).toHaveLength(1);
    expect(only.methods[0].removable).toBe(false);
    expect((await api(`/api/account/logins/${only.methods[0].id}`, { method: 'DELETE', body: {}, token: solo.token })).status).toBe(409);
    // Signing in again as someone else does not confirm: the reauth must land on the same user.
    const intruderSub = fresh('xi');
    oidc.addAccount({ sub: intruderSub, name: 'Intruder', username: 'intruder' });
    const wrongUser = await createIntent('x', { token: solo.token, kind: 'reauth' });
    expect((await popup(wrongUser, intruderSub)).text).toContain('data-code="reauth_mismatch"');
  });

  it("a sign-in link alone starts nothing: a link made by someone else, opened in the victim's browser, gives them no session", async () => {
    const sub = fresh('victim');
    oidc.addAccount({ sub, email: `${sub}@gmail.test`, email_verified: true });
    // The attacker creates the intent with a plain HTTP client and keeps the verifier and the start token.
    const attack = await createIntent('google');
    // The victim opens the link: a page that waits for the wallet frame, which the victim's page does not have.
    const victim = createHeadlessBrowser();
    const page = await victim.goto(attack.url);
    expect(page.url).toBe(attack.url);
    expect(page.hops.some((hop) => hop.url.startsWith(oidc.issuer))).toBe(false);
    // Its script cannot start the flow without the token; neither can a guess, nor a request from another site.
    expect((await victim.fetch(`${serviceUrl}/social/start`, { json: { intent: attack.intentId } })).status).toBe(403);
    const guessed = await victim.fetch(`${serviceUrl}/social/start`, {
      json: { intent: attack.intentId, startToken: pkcePair().verifier },
    });
    expect(guessed.status).toBe(403);
    const crossSite = await victim.fetch(`${serviceUrl}/social/start`, {
      json: { intent: attack.intentId, startToken: attack.startToken },
      origin: 'https://evil.test',
    });
    expect(crossSite.status).toBe(403);
    expect((await claim(attack.intentId, attack.verifier)).status).toBe(202);
    // The start token is good once, in the browser the frame gave it to.
    const own = createHeadlessBrowser();
    const next = await begin(own, attack);
    expect(next.startsWith(oidc.authorizationUrl)).toBe(true);
    const replay = await own.fetch(`${serviceUrl}/social/start`, { json: { intent: attack.intentId, startToken: attack.startToken } });
    expect(replay.status).toBe(410);
  });

  it('refuses a tampered state: state_mismatch', async () => {
    const sub = fresh('ts');
    oidc.addAccount({ sub, email: `${sub}@gmail.test`, email_verified: true });
    const intent = await createIntent('google');
    const browser = createHeadlessBrowser();
    const callback = await untilCallback(intent, sub, browser);
    callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
    const done = await browser.goto(callback.href);
    expect(done.url).toBe(`${serviceUrl}/social/done?intent=${intent.intentId}&error=state_mismatch`);
    const refused = await claim(intent.intentId, intent.verifier);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toMatchObject({ code: 'state_mismatch', message: 'The sign-in could not be verified. Please try again.' });
  });

  it('refuses a replayed authorization code and a code issued to another client: provider_error, no session', async () => {
    const sub = fresh('rp');
    oidc.addAccount({ sub, email: `${sub}@gmail.test`, email_verified: true });
    const first = await createIntent('google');
    const firstBrowser = createHeadlessBrowser();
    const firstCallback = await untilCallback(first, sub, firstBrowser);
    expect((await firstBrowser.goto(firstCallback.href)).text).toContain('data-status="done"');
    const userId = (await api('/api/auth/get-session', { token: (await claim(first.intentId, first.verifier)).json.token })).json.user.id;
    const before = await sessionsOf(userId);

    // A fresh flow (its own state and verifier) fed the code already spent.
    const replay = await createIntent('google');
    const browser = createHeadlessBrowser();
    const ownCallback = await untilCallback(replay, sub, browser);
    ownCallback.searchParams.set('code', firstCallback.searchParams.get('code') as string);
    const done = await browser.goto(ownCallback.href);
    expect(done.text).toContain('data-code="provider_error"');
    const refused = await claim(replay.intentId, replay.verifier);
    expect(refused.status).toBe(400);
    expect(refused.json.error.code).toBe('provider_error');
    expect(refused.json.error.message).toMatch(/^Google sign-in failed: /);
    expect(await sessionsOf(userId)).toBe(before);

    // A code the provider issued to another app (same redirect URI), put into our flow.
    const foreign = createHeadlessBrowser();
    oidc.nextLogin(sub);
    const verifier = randomBytes(32).toString('base64url');
    const authorize = new URL(oidc.authorizationUrl);
    authorize.search = new URLSearchParams({
      client_id: 'other-app',
      redirect_uri: `${serviceUrl}/api/auth/callback/google`,
      response_type: 'code',
      scope: 'openid email',
      state: 'theirs',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    const theirs = new URL((await foreign.gotoUntil(authorize.href, (next) => next.pathname.startsWith('/api/auth/callback/'))).stoppedAt);
    const ours = await createIntent('google');
    const oursBrowser = createHeadlessBrowser();
    const oursCallback = await untilCallback(ours, sub, oursBrowser);
    oursCallback.searchParams.set('code', theirs.searchParams.get('code') as string);
    expect((await oursBrowser.goto(oursCallback.href)).text).toContain('data-code="provider_error"');
    expect((await claim(ours.intentId, ours.verifier)).json.error.code).toBe('provider_error');
    expect(await sessionsOf(userId)).toBe(before);
  });

  it("accepts the provider's answer as a cross-site form POST (Apple's response_mode=form_post)", async () => {
    const sub = fresh('fp');
    oidc.addAccount({ sub, email: `${sub}@icloud.test`, email_verified: true });
    const intent = await createIntent('google');
    const browser = createHeadlessBrowser();
    const callback = await untilCallback(intent, sub, browser);
    // A browser sends no SameSite=Lax cookie with a cross-site POST: only the provider's origin and the form.
    const posted = await realFetch(`${serviceUrl}${callback.pathname}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: oidc.issuer },
      body: callback.searchParams.toString(),
      redirect: 'manual',
    });
    expect(posted.status).toBe(302);
    const again = new URL(posted.headers.get('location') as string);
    expect(again.pathname).toBe(callback.pathname);
    expect((await browser.goto(again.href)).text).toContain('data-status="done"');
    expect((await claim(intent.intentId, intent.verifier)).status).toBe(200);
  });

  it("reports the provider's access_denied in the service's own words, not the provider's description", async () => {
    oidc.failNext({ error: 'access_denied', error_description: 'Gina said no' });
    const intent = await createIntent('google');
    const done = await popup(intent);
    expect(done.text).toContain('data-status="error"');
    expect(done.text).not.toContain('Gina said no');
    const refused = await claim(intent.intentId, intent.verifier);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toEqual({ code: 'provider_error', message: 'Google sign-in failed: you did not allow it' });
  });

  it('expires intents after 5 minutes, cancels them, starts each once', async () => {
    const late = await createIntent('google');
    skew += 5 * 60_000 + 1000;
    const page = await createHeadlessBrowser().goto(late.url);
    expect(page.status).toBe(410);
    expect(page.text).toContain('This sign-in link has expired.');
    const expired = await claim(late.intentId, late.verifier);
    expect(expired.status).toBe(410);
    expect(expired.json.error.code).toBe('intent_expired');

    const left = await createIntent('github');
    expect((await api(`/api/social/intents/${left.intentId}`, { method: 'DELETE', body: { verifier: pkcePair().verifier } })).status).toBe(
      403,
    );
    expect((await api(`/api/social/intents/${left.intentId}`, { method: 'DELETE', body: { verifier: left.verifier } })).status).toBe(200);
    expect((await claim(left.intentId, left.verifier)).json.error.code).toBe('intent_cancelled');
    expect((await createHeadlessBrowser().goto(left.url)).status).toBe(410);
    expect((await claim('unknown-intent', left.verifier)).status).toBe(404);
  });

  it('sends the redirect fallback back to the host page with latch_social and a code only that browser received', async () => {
    const sub = fresh('rf');
    oidc.addAccount({ sub, email: `${sub}@gmail.test`, email_verified: true });
    const intent = await createIntent('google', { returnTo: `${HOST}/shop?item=1` });
    oidc.nextLogin(sub);
    const browser = createHeadlessBrowser();
    // The start page names the site and waits for the visitor's Continue (the start needs no token then).
    const page = await browser.goto(intent.url);
    expect(page.text).toContain(`${HOST} asks you to sign in with Google.`);
    expect(page.text).toContain('data-mode="redirect"');
    const { stoppedAt, hops } = await browser.gotoUntil(await begin(browser, intent), (next) => next.origin === HOST);
    const back = new URL(stoppedAt);
    expect(`${back.origin}${back.pathname}`).toBe(`${HOST}/shop`);
    expect(back.searchParams.get('item')).toBe('1');
    expect(back.searchParams.get('latch_social')).toBe(intent.intentId);
    const code = back.searchParams.get('latch_code') as string;
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hops.at(-1)?.status).toBe(303);
    // The one who made the intent (and holds the verifier) but not that browser's code: refused.
    expect((await claim(intent.intentId, intent.verifier)).status).toBe(403);
    expect((await claim(intent.intentId, intent.verifier, { code: pkcePair().verifier })).json.error.code).toBe('wrong_browser');
    // Another browser asking for the done page gets no code.
    const other = await createHeadlessBrowser().goto(`${serviceUrl}/social/done?intent=${intent.intentId}`);
    expect(other.status).toBe(403);
    expect(other.text).not.toContain(code);
    expect((await claim(intent.intentId, intent.verifier, { code })).status).toBe(200);
  });

  it('refuses bad intents with clear errors, and limits them per IP', async () => {
    const { challenge } = pkcePair();
    for (const provider of ['apple', 'facebook', 'myspace', 42]) {
      const refused = await api('/api/social/intents', { body: { provider, challenge } });
      expect(refused.status).toBe(400);
      expect(refused.json.error.code).toBe('provider_not_configured');
    }
    const badChallenge = await api('/api/social/intents', { body: { provider: 'google', challenge: 'short' } });
    expect(badChallenge.json.error).toEqual({ code: 'invalid_request', message: 'challenge must be base64url(sha256(verifier))' });
    const elsewhere = await api('/api/social/intents', { body: { provider: 'google', challenge, returnTo: 'https://evil.test/' } });
    expect(elsewhere.json.error).toEqual({
      code: 'invalid_request',
      message: "returnTo must be a URL on the host page's origin, for a sign-in",
    });
    const wrongHost = await api('/api/social/intents', { body: { provider: 'google', challenge }, hostOrigin: 'http://evil.test' });
    expect(wrongHost.status).toBe(403);
    const badVerifier = await api('/api/social/intents/abc/claim', { body: { verifier: 'x' } });
    expect(badVerifier.json.error.code).toBe('invalid_request');
    expect((await realFetch(`${serviceUrl}/social/start?intent=nope`)).status).toBe(404);
    // better-auth's own social routes stay closed: flows start only from an intent, server-side.
    for (const path of ['/api/auth/sign-in/social', '/api/auth/link-social']) {
      expect((await api(path, { body: { provider: 'google', callbackURL: `${serviceUrl}/` } })).status).toBe(404);
    }
    const script = await realFetch(`${serviceUrl}/social/done.js`);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await script.text()).toContain('window.opener.postMessage(message, data.targetOrigin)');

    for (let index = 0; index < 12; index++) await createIntent('google');
    const limited = await api('/api/social/intents', { body: { provider: 'google', challenge } });
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
  });

  it('refuses a bad socials configuration with the field named', () => {
    const base = {
      projects: [{ id: 'demo', allowedOrigins: [HOST] }],
      smtp: { host: '127.0.0.1', port: 2525, from: 'w@x.test' },
      secret: SECRET,
      publicUrl: 'http://127.0.0.1:1',
    };
    const attempt = (socials: unknown) => () => createEmbeddedWalletService({ ...base, socials: socials as never });
    expect(attempt({ myspace: { clientId: 'a', clientSecret: 'b' } })).toThrow("socials: unknown provider 'myspace'");
    expect(attempt({ google: { clientId: 'a' } })).toThrow('socials.google.clientSecret is required');
    expect(attempt({ github: { clientId: 'a', clientSecret: 'b', tokenUrl: 'ftp://x' } })).toThrow(
      "socials.github.tokenUrl must be an http(s) URL (got 'ftp://x')",
    );
    expect(attempt({ x: { clientId: 'a', clientSecret: 'b', scopes: 'users.read' } })).toThrow('socials.x.scopes must be a list');
  });

  it('made no request to any host but the local provider (and the service itself, from the headless popup)', () => {
    expect(outbound).toContain(oidc.issuer);
    expect([...new Set(outbound)].filter((origin) => origin !== oidc.issuer && origin !== serviceUrl)).toEqual([]);
  });
});

describe('a provider the service cannot reach', () => {
  it('answers the §8 initialisation error when the sign-in cannot start', async () => {
    // A port nothing listens on: the discovery document cannot be fetched.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));

    const own = new PGlite();
    const broken = createEmbeddedWalletService({
      database: own,
      projects: [{ id: 'demo', allowedOrigins: [HOST] }],
      smtp: { host: inbox.host, port: inbox.port, from: 'w@service.test' },
      secret: SECRET,
      publicUrl: serviceUrl,
      frameDir,
      socials: {
        google: {
          clientId: 'google-app',
          clientSecret: 'x',
          discoveryUrl: `http://127.0.0.1:${deadPort}/.well-known/openid-configuration`,
        },
      },
    });
    const previous = service;
    service = broken;
    try {
      await broken.ready;
      const intent = await createIntent('google');
      const browser = createHeadlessBrowser();
      const done = await begin(browser, intent);
      expect(done).toBe(`${serviceUrl}/social/done?intent=${intent.intentId}`);
      const page = await browser.goto(done);
      expect(page.text).toContain('data-code="social_init_error"');
      const refused = await claim(intent.intentId, intent.verifier);
      expect(refused.status).toBe(400);
      expect(refused.json.error).toEqual({
        code: 'social_init_error',
        message: 'A problem occurred while trying initialize authentication',
      });
    } finally {
      service = previous;
      await broken.close();
      await own.close();
    }
  });
});
