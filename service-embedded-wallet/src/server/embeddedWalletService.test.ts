// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { type SmtpInbox, startSmtpInbox } from '@latch/devnet';
import type { PostgresFixture } from '@latch/devnet/services';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sharedPostgres } from '../../../scripts/test-support/sharedPostgres.js';
import { provenWallet } from '../test-support/provenWallet.js';
import {
  createEmbeddedWalletService,
  type RunningEmbeddedWalletService,
  type StartEmbeddedWalletServiceOptions,
  startEmbeddedWalletService,
} from './index.js';

const HOST = 'http://host.test:5173';
const OTHER_HOST = 'http://evil.test:5173';
const SECRET = 'test-secret-of-at-least-32-characters!!';
const CSP = `default-src 'none'; script-src 'self'; connect-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors ${HOST} http://second.test; base-uri 'none'; form-action 'none'`;
const BETA_HOST = 'http://beta.test:5173';

let inbox: SmtpInbox;
let frameDir: string;
const runId = randomBytes(4).toString('hex');
let counter = 0;
const freshEmail = () => `user${++counter}-${runId}@example.test`;

beforeAll(async () => {
  inbox = await startSmtpInbox();
  frameDir = await mkdtemp(join(tmpdir(), 'latch-frame-'));
  await mkdir(join(frameDir, 'assets'));
  await writeFile(
    join(frameDir, 'index.html'),
    '<!doctype html><title>frame</title><script type="module" src="/frame/assets/frame-abc123.js"></script>',
  );
  await writeFile(join(frameDir, 'recovery.html'), '<!doctype html><title>recovery</title>');
  await writeFile(join(frameDir, 'approve.html'), '<!doctype html><title>approve</title>');
  await writeFile(join(frameDir, 'logins.html'), '<!doctype html><title>logins</title>');
  await writeFile(join(frameDir, 'assets', 'frame-abc123.js'), 'console.log("frame");');
});
afterAll(async () => {
  await inbox?.close();
  await rm(frameDir, { recursive: true, force: true });
});

// The same suite on each instance's own PGlite, and on a real Postgres both instances share (a new database on the
// run's server).
const stores: { name: string; postgres: boolean }[] = [
  { name: 'PGlite in memory', postgres: false },
  { name: 'a real Postgres', postgres: true },
];

describe.each(stores)('the embedded wallet service on $name', (store) => {
  let postgres: PostgresFixture | undefined;
  let database: string | undefined;
  let service: RunningEmbeddedWalletService;
  // The rate limiter's clock: each test starts an hour and a bit after the previous one, so limits never carry over.
  let skew = 0;
  const started: RunningEmbeddedWalletService[] = [];

  const start = async (extra: Partial<StartEmbeddedWalletServiceOptions> = {}) => {
    const running = await startEmbeddedWalletService({
      database,
      projects: [
        { id: 'demo', allowedOrigins: [HOST, 'http://second.test'] },
        { id: 'other', allowedOrigins: [] },
        { id: 'beta', allowedOrigins: [BETA_HOST] },
        // An operator's second site that shares its visitors' wallets with 'demo' on purpose.
        { id: 'sister', allowedOrigins: ['http://sister.test'], walletGroup: 'demo' },
      ],
      smtp: { host: inbox.host, port: inbox.port, from: 'Wallet <wallet@service.test>' },
      secret: SECRET,
      frameDir,
      now: () => Date.now() + skew,
      ...extra,
    });
    started.push(running);
    return running;
  };

  // A second instance on the same store: codes valid 1 s, behind a (pretend) proxy.
  let quick: RunningEmbeddedWalletService;
  beforeAll(async () => {
    if (store.postgres) {
      postgres = await sharedPostgres();
      database = await postgres.createDatabase();
    }
    // Started together: on Postgres, the two race for the migrations.
    [service, quick] = await Promise.all([start(), start({ otpExpiresInSeconds: 1, trustProxy: true })]);
  });
  afterAll(async () => {
    await Promise.all(started.map((running) => running.close()));
    await postgres?.stop();
  });
  beforeEach(() => {
    skew += 3_700_000;
  });

  interface Call {
    method?: string;
    body?: unknown;
    raw?: string;
    token?: string;
    project?: string | null;
    hostOrigin?: string | null;
    origin?: string | null;
    headers?: Record<string, string>;
    base?: string;
  }
  /** A request as the frame makes it: same origin as the service, naming the project and the host page. */
  async function api(path: string, call: Call = {}) {
    const base = call.base ?? service.url;
    const method = call.method ?? (call.body !== undefined || call.raw !== undefined ? 'POST' : 'GET');
    const headers: Record<string, string> = { ...call.headers };
    if (call.project !== null) headers['X-Latch-Project'] = call.project ?? 'demo';
    if (call.hostOrigin !== null) headers['X-Latch-Host-Origin'] = call.hostOrigin ?? HOST;
    if (method !== 'GET' && call.origin !== null) headers.Origin = call.origin ?? base;
    if (call.token) headers.Authorization = `Bearer ${call.token}`;
    let body: string | undefined;
    if (call.raw !== undefined || call.body !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = call.raw ?? JSON.stringify(call.body);
    }
    const response = await fetch(`${base}${path}`, { method, headers, body });
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

  const sendCode = (email: string, base?: string) =>
    api('/api/auth/email-otp/send-verification-otp', { body: { email, type: 'sign-in' }, base });

  async function codeFor(email: string, base?: string): Promise<string> {
    const after = inbox.messages.length;
    const sent = await sendCode(email, base);
    expect(sent.status, sent.text).toBe(200);
    const mail = await inbox.waitFor({ to: email }, { after });
    const code = /\b(\d{6})\b/.exec(mail.text)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    return code as string;
  }

  const signInWith = (email: string, otp: string, base?: string) => api('/api/auth/sign-in/email-otp', { body: { email, otp }, base });

  async function signIn(
    email = freshEmail(),
    base?: string,
    scope: { project?: string; hostOrigin?: string } = {},
  ): Promise<{ email: string; token: string; userId: string; wallet: Awaited<ReturnType<typeof provenWallet>> }> {
    const after = inbox.messages.length;
    const sent = await api('/api/auth/email-otp/send-verification-otp', { body: { email, type: 'sign-in' }, base, ...scope });
    expect(sent.status, sent.text).toBe(200);
    const code = /\b(\d{6})\b/.exec((await inbox.waitFor({ to: email }, { after })).text)?.[1] as string;
    const answer = await api('/api/auth/sign-in/email-otp', { body: { email, otp: code }, base, ...scope });
    expect(answer.status, answer.text).toBe(200);
    const token = answer.headers.get('set-auth-token');
    expect(token).toBeTruthy();
    const userId = answer.json.user.id as string;
    return { email, token: token as string, userId, wallet: await provenWallet(userId, scope.project ?? 'demo') };
  }

  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  describe('e-mail OTP sign-in', () => {
    it('mails a 6-digit code (text and HTML) and signs in with it: a bearer token, no cookie', async () => {
      const email = freshEmail();
      const after = inbox.messages.length;
      const sent = await sendCode(email.toUpperCase());
      expect(sent.status).toBe(200);
      expect(sent.json).toEqual({ success: true });
      const mail = await inbox.waitFor({ to: email }, { after });
      expect(mail.from).toBe('wallet@service.test');
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1] as string;
      expect(code).toMatch(/^\d{6}$/);
      expect(mail.html).toContain(code);
      expect(mail.text).toContain('expires in 5 minutes');
      expect(inbox.latestCode(email)).toBe(code);

      const signedIn = await signInWith(email, code);
      expect(signedIn.status).toBe(200);
      expect(signedIn.json.user.email).toBe(email);
      expect(signedIn.headers.get('set-cookie')).toBeNull();
      const token = signedIn.headers.get('set-auth-token') as string;
      expect(token.length).toBeGreaterThan(20);

      const session = await api('/api/auth/get-session', { token });
      expect(session.status).toBe(200);
      expect(session.json.user.email).toBe(email);
      const anonymous = await api('/api/auth/get-session');
      expect(anonymous.status).toBe(200);
      expect(anonymous.json).toBeNull();
    });

    it('rejects a wrong code with "Invalid code", and the right one still works', async () => {
      const email = freshEmail();
      const code = await codeFor(email);
      const wrong = await signInWith(email, wrongCode(code));
      expect(wrong.status).toBe(400);
      expect(wrong.json).toEqual({ error: { code: 'invalid_otp', message: 'Invalid code' } });
      expect((await signInWith(email, code)).status).toBe(200);
    });

    it('rejects a code that is not 6 digits, and a bad address, with a clear error', async () => {
      const short = await signInWith(freshEmail(), '123');
      expect(short.status).toBe(400);
      expect(short.json.error).toEqual({ code: 'invalid_request', message: 'The code is 6 digits' });
      const bad = await sendCode('not-an-address');
      expect(bad.status).toBe(400);
      expect(bad.json.error).toEqual({ code: 'invalid_request', message: 'Enter a valid e-mail address' });
    });

    it('rejects a replayed code', async () => {
      const email = freshEmail();
      const code = await codeFor(email);
      expect((await signInWith(email, code)).status).toBe(200);
      const replay = await signInWith(email, code);
      expect(replay.status).toBe(400);
      expect(replay.json.error.code).toBe('invalid_otp');
      expect(replay.headers.get('set-auth-token')).toBeNull();
    });

    it('lets exactly one of two simultaneous uses of a code sign in', async () => {
      const email = freshEmail();
      const code = await codeFor(email);
      const answers = await Promise.all([signInWith(email, code), signInWith(email, code)]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    });

    it('rejects an expired code with "The code has expired"', async () => {
      const email = freshEmail();
      const code = await codeFor(email, quick.url);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const expired = await signInWith(email, code, quick.url);
      expect(expired.status).toBe(400);
      expect(expired.json).toEqual({ error: { code: 'otp_expired', message: 'The code has expired' } });
    });

    it('answers 502 send_failed when the SMTP server is unreachable, without starting the cooldown', async () => {
      const closed = await startSmtpInbox();
      const smtp = { host: closed.host, port: closed.port, from: 'wallet@service.test' };
      await closed.close();
      const broken = await start({ smtp });
      const email = freshEmail();
      for (let i = 0; i < 2; i++) {
        const answer = await sendCode(email, broken.url);
        expect(answer.status).toBe(502);
        expect(answer.json.error).toEqual({ code: 'send_failed', message: 'The code could not be sent: try again in a moment' });
      }
    });

    it('locks a code after 3 wrong guesses', async () => {
      const email = freshEmail();
      const code = await codeFor(email);
      for (let i = 0; i < 3; i++) expect((await signInWith(email, wrongCode(code))).json.error.code).toBe('invalid_otp');
      const locked = await signInWith(email, code);
      expect(locked.status).toBe(403);
      expect(locked.json.error).toEqual({ code: 'too_many_attempts', message: 'Too many attempts: request a new code' });
    });
  });

  describe('rate limits (§8 wording, Retry-After)', () => {
    it('a resend within 30 s gets 429 "Please try again after N seconds"; after the cooldown a new code works', async () => {
      const email = freshEmail();
      const started = Date.now();
      const first = await codeFor(email);
      skew += 10_000;
      const again = await sendCode(email);
      // The service's clock is the real one plus the skew: the wait is the 30 s cooldown less the 10 s skipped and the
      // real time since the first code was sent (a second or more on a loaded machine).
      const realElapsed = Date.now() - started;
      expect(again.status).toBe(429);
      const { retryAfter } = again.json.error;
      expect(retryAfter).toBeLessThanOrEqual(20);
      expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil((30_000 - 10_000 - realElapsed) / 1000));
      expect(again.json.error).toEqual({ code: 'rate_limited', message: `Please try again after ${retryAfter} seconds`, retryAfter });
      expect(again.headers.get('retry-after')).toBe(String(retryAfter));
      skew += 20_000;
      const second = await codeFor(email);
      if (second !== first) expect((await signInWith(email, first)).json.error.code).toBe('invalid_otp');
      expect((await signInWith(email, second)).status).toBe(200);
    });

    it('sends at most 5 codes an hour to one address', async () => {
      const email = freshEmail();
      const started = Date.now();
      for (let i = 0; i < 5; i++) {
        expect((await sendCode(email)).status).toBe(200);
        skew += 31_000;
      }
      const sixth = await sendCode(email);
      // The service's clock is the real one plus the skew: the wait is an hour after the first code, less the 5 × 31 s
      // skipped and the real time the six requests took (a second or more on a loaded machine).
      const realElapsed = Date.now() - started;
      expect(sixth.status).toBe(429);
      const { retryAfter } = sixth.json.error;
      expect(retryAfter).toBeLessThanOrEqual(3600 - 5 * 31);
      expect(retryAfter).toBeGreaterThanOrEqual(Math.ceil((3600_000 - 5 * 31_000 - realElapsed) / 1000));
      expect(sixth.json.error.message).toBe(`Please try again after ${retryAfter} seconds`);
    });

    it('sends at most 20 codes an hour from one IP, and X-Forwarded-For is ignored unless trustProxy', async () => {
      for (let i = 0; i < 20; i++) expect((await sendCode(freshEmail())).status).toBe(200);
      const over = await api('/api/auth/email-otp/send-verification-otp', {
        body: { email: freshEmail(), type: 'sign-in' },
        headers: { 'X-Forwarded-For': '203.0.113.7' },
      });
      expect(over.status).toBe(429);
      expect(over.json.error.code).toBe('rate_limited');
      expect(over.json.error.message).toMatch(/^Please try again after \d+ seconds$/);
    });

    it('with trustProxy (one proxy), counts per client the proxy saw: the right-most X-Forwarded-For entry', async () => {
      // What a proxy that appends sends: whatever the client wrote, then the address it saw.
      const from = (client: string, written?: string) =>
        api('/api/auth/email-otp/send-verification-otp', {
          body: { email: freshEmail(), type: 'sign-in' },
          headers: { 'X-Forwarded-For': written ? `${written}, ${client}` : client },
          base: quick.url,
        });
      for (let i = 0; i < 20; i++) expect((await from('198.51.100.1')).status).toBe(200);
      expect((await from('198.51.100.1')).status).toBe(429);
      // The client rotates what it writes itself: still the same client, still limited.
      for (let i = 0; i < 5; i++) expect((await from('198.51.100.1', `10.0.0.${i}`)).status).toBe(429);
      expect((await from('198.51.100.2', '198.51.100.1')).status).toBe(200);
    });

    it('allows 10 code checks per address per 15 minutes', async () => {
      const email = freshEmail();
      const code = await codeFor(email);
      for (let i = 0; i < 10; i++) expect((await signInWith(email, wrongCode(code))).status).not.toBe(429);
      const eleventh = await signInWith(email, code);
      expect(eleventh.status).toBe(429);
      expect(eleventh.json.error.message).toMatch(/^Please try again after \d+ seconds$/);
    });
  });

  describe('the wallet record', () => {
    it('is created once (201, then 409) and its auth share goes only to a signed-in session from an allowed origin', async () => {
      const { token, userId, wallet: WALLET } = await signIn();
      expect((await api('/api/wallet', { token })).json).toEqual({ addresses: {}, hasAuthShare: false });
      const none = await api('/api/wallet/auth-share', { token });
      expect(none.status).toBe(404);
      expect(none.json.error.code).toBe('no_wallet');

      const created = await api('/api/wallet', { method: 'PUT', body: WALLET, token });
      expect(created.status).toBe(201);
      expect(created.json).toEqual({ addresses: WALLET.addresses, hasAuthShare: true });
      // Another wallet, properly proven, does not replace the first.
      const again = await api('/api/wallet', { method: 'PUT', body: await provenWallet(userId, 'demo'), token });
      expect(again.status).toBe(409);
      expect(again.json.error.code).toBe('wallet_exists');

      expect((await api('/api/wallet', { token })).json).toEqual({ addresses: WALLET.addresses, hasAuthShare: true });
      const share = await api('/api/wallet/auth-share', { token });
      expect(share.status).toBe(200);
      expect(share.json).toEqual({ authShare: WALLET.authShare });

      // No session, a forged token, another user: no share.
      const anonymous = await api('/api/wallet/auth-share');
      expect(anonymous.status).toBe(401);
      expect(anonymous.json.error).toEqual({ code: 'unauthorized', message: 'Sign in first' });
      expect((await api('/api/wallet/auth-share', { token: `${token}x` })).status).toBe(401);
      const stranger = await signIn();
      expect((await api('/api/wallet/auth-share', { token: stranger.token })).status).toBe(404);

      // A page origin not on the allowlist, or no page origin: 403 with the §8 text, even with a valid token.
      for (const hostOrigin of [OTHER_HOST, null]) {
        const refused = await api('/api/wallet/auth-share', { token, hostOrigin });
        expect(refused.status).toBe(403);
        expect(refused.json).toEqual({ error: { code: 'origin_not_allowed', message: 'Unauthorized: origin not allowed' } });
        expect(refused.text).not.toContain(WALLET.authShare);
      }
      // A project whose allowlist does not hold the page, and an unknown project.
      expect((await api('/api/wallet/auth-share', { token, project: 'other' })).json.error.code).toBe('origin_not_allowed');
      const unknown = await api('/api/wallet/auth-share', { token, project: 'nope' });
      expect(unknown.status).toBe(404);
      expect(unknown.json).toEqual({ error: { code: 'invalid_project', message: 'Invalid Project ID' } });
    });

    it('refuses a malformed wallet with the field named', async () => {
      const { token, wallet: WALLET } = await signIn();
      const bad = await api('/api/wallet', {
        method: 'PUT',
        body: { ...WALLET, addresses: { ...WALLET.addresses, eip155: '0x123' } },
        token,
      });
      expect(bad.status).toBe(400);
      expect(bad.json.error).toEqual({ code: 'invalid_request', message: 'addresses.eip155 must be a 0x address' });
      const missing = await api('/api/wallet', { method: 'PUT', body: { addresses: WALLET.addresses }, token });
      expect(missing.status).toBe(400);
      expect(missing.json.error.code).toBe('invalid_request');
      expect((await api('/api/wallet', { token })).json.hasAuthShare).toBe(false);
    });

    it('sign-out ends the session: the token no longer reads the wallet', async () => {
      const { token, wallet: WALLET } = await signIn();
      expect((await api('/api/wallet', { method: 'PUT', body: WALLET, token })).status).toBe(201);
      const out = await api('/api/auth/sign-out', { body: {}, token });
      expect(out.status).toBe(200);
      expect((await api('/api/auth/get-session', { token })).json).toBeNull();
      expect((await api('/api/wallet/auth-share', { token })).status).toBe(401);
    });
  });

  describe('bad input', () => {
    it('refuses a request whose Origin header is not the service (403, §8 text)', async () => {
      const answer = await api('/api/auth/email-otp/send-verification-otp', {
        body: { email: freshEmail(), type: 'sign-in' },
        origin: HOST,
      });
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({ error: { code: 'origin_not_allowed', message: 'Unauthorized: origin not allowed' } });
      expect(inbox.messages.some((mail) => mail.to.includes(`user${counter}-${runId}@example.test`))).toBe(false);
    });

    it('refuses a page origin not on the allowlist before sending any mail', async () => {
      const email = freshEmail();
      const answer = await api('/api/auth/email-otp/send-verification-otp', { body: { email, type: 'sign-in' }, hostOrigin: OTHER_HOST });
      expect(answer.status).toBe(403);
      expect(answer.json.error.message).toBe('Unauthorized: origin not allowed');
      expect(inbox.messages.some((mail) => mail.to.includes(email))).toBe(false);
    });

    it('answers 413 payload_too_large to a body over 16 KiB', async () => {
      const big = { email: freshEmail(), type: 'sign-in', padding: 'x'.repeat(17 * 1024) };
      const answer = await api('/api/auth/email-otp/send-verification-otp', { body: big });
      expect(answer.status).toBe(413);
      expect(answer.json.error.code).toBe('payload_too_large');
      const { token, wallet: WALLET } = await signIn();
      const wallet = await api('/api/wallet', { method: 'PUT', body: { ...WALLET, authShare: 'A'.repeat(20_000) }, token });
      expect(wallet.status).toBe(413);
    });

    it('answers 400 invalid_json to malformed JSON', async () => {
      const answer = await api('/api/auth/sign-in/email-otp', { raw: '{"email": "a@b.test", "otp": ' });
      expect(answer.status).toBe(400);
      expect(answer.json.error).toEqual({ code: 'invalid_json', message: 'The request body is not valid JSON' });
      const { token } = await signIn();
      expect((await api('/api/wallet', { method: 'PUT', raw: 'not json', token })).json.error.code).toBe('invalid_json');
    });

    it("exposes none of better-auth's other endpoints", async () => {
      for (const path of [
        '/api/auth/sign-up/email',
        '/api/auth/update-user',
        '/api/auth/email-otp/verify-email',
        '/api/auth/list-sessions',
      ]) {
        const answer = await api(path, { body: {} });
        expect(answer.status, path).toBe(404);
        expect(answer.json.error.code).toBe('not_found');
      }
      expect((await api('/nowhere')).status).toBe(404);
    });
  });

  describe("the API is the frame's, and a session, a wallet and a proof belong to their project", () => {
    it("refuses a state-changing request without the service's Origin, and any request a browser marks as cross-site", async () => {
      const email = freshEmail();
      // A script or server (no Origin at all) cannot send codes, sign in or create a wallet.
      const noOrigin = await api('/api/auth/email-otp/send-verification-otp', { body: { email, type: 'sign-in' }, origin: null });
      expect(noOrigin.status).toBe(403);
      expect(noOrigin.json.error.code).toBe('origin_not_allowed');
      expect(inbox.messages.some((mail) => mail.to.includes(email))).toBe(false);
      const { token } = await signIn();
      const crossSite = await api('/api/wallet', { token, headers: { 'Sec-Fetch-Site': 'cross-site' } });
      expect(crossSite.status).toBe(403);
      const sameSite = await api('/api/wallet', { token, headers: { 'Sec-Fetch-Site': 'same-site' } });
      expect(sameSite.status).toBe(403);
      const sameOrigin = await api('/api/wallet', { token, headers: { 'Sec-Fetch-Site': 'same-origin' } });
      expect(sameOrigin.status).toBe(200);
    });

    it('a session works only for the project and host page it was created for', async () => {
      const { token, wallet } = await signIn();
      expect((await api('/api/wallet', { method: 'PUT', body: wallet, token })).status).toBe(201);
      // Another integrator's project (its own allowed page), or another page of the same project: not signed in.
      for (const scope of [
        { project: 'beta', hostOrigin: BETA_HOST },
        { project: 'demo', hostOrigin: 'http://second.test' },
        { project: 'sister', hostOrigin: 'http://sister.test' },
      ]) {
        const refused = await api('/api/wallet/auth-share', { token, ...scope });
        expect(refused.status, JSON.stringify(scope)).toBe(401);
        expect(refused.text).not.toContain(wallet.authShare);
        expect((await api('/api/auth/get-session', { token, ...scope })).status).toBe(401);
      }
      expect((await api('/api/wallet/auth-share', { token })).json).toEqual({ authShare: wallet.authShare });
    });

    it("a wallet made on one project is not another's, unless the operator put both in one wallet group", async () => {
      const email = freshEmail();
      const first = await signIn(email);
      expect((await api('/api/wallet', { method: 'PUT', body: first.wallet, token: first.token })).status).toBe(201);
      skew += 3_700_000;
      const beta = await signIn(email, undefined, { project: 'beta', hostOrigin: BETA_HOST });
      expect(beta.userId).toBe(first.userId);
      const onBeta = { token: beta.token, project: 'beta', hostOrigin: BETA_HOST };
      expect((await api('/api/wallet', onBeta)).json).toEqual({ addresses: {}, hasAuthShare: false });
      expect((await api('/api/wallet/auth-share', onBeta)).status).toBe(404);
      skew += 3_700_000;
      const sister = await signIn(email, undefined, { project: 'sister', hostOrigin: 'http://sister.test' });
      const onSister = { token: sister.token, project: 'sister', hostOrigin: 'http://sister.test' };
      expect((await api('/api/wallet', onSister)).json).toEqual({ addresses: first.wallet.addresses, hasAuthShare: true });
    });

    it("records a wallet only with both keys' proof for this user, project, addresses and share", async () => {
      const { token, userId, wallet } = await signIn();
      const other = await provenWallet(userId, 'demo');
      const foreign = await provenWallet('someone-else', 'demo');
      const elsewhere = await provenWallet(userId, 'beta');
      for (const [label, body] of [
        ["another wallet's addresses", { ...wallet, addresses: other.addresses }],
        ['a proof made for another user', { ...foreign, proof: foreign.proof }],
        ['a proof made for another project', elsewhere],
        ['another share', { ...wallet, authShare: other.authShare }],
        ['one key only', { ...wallet, proof: { ...wallet.proof, solana: other.proof.solana } }],
      ] as const) {
        const refused = await api('/api/wallet', { method: 'PUT', body, token });
        expect(refused.status, label).toBe(400);
        expect(refused.json.error, label).toEqual({ code: 'invalid_proof', message: "The wallet's keys did not sign this request" });
      }
      const { proof: _, ...unproven } = wallet;
      const missing = await api('/api/wallet', { method: 'PUT', body: unproven, token });
      expect(missing.status).toBe(400);
      expect(missing.json.error.message).toContain('proof is required');
      expect((await api('/api/wallet', { token })).json.hasAuthShare).toBe(false);
      expect((await api('/api/wallet', { method: 'PUT', body: wallet, token })).status).toBe(201);
    });
  });

  describe('public project info and the frame', () => {
    it('GET /api/projects/:id answers any page (CORS) and 404 "Invalid Project ID" for an unknown one', async () => {
      const known = await api('/api/projects/demo', { project: null, hostOrigin: null, headers: { Origin: OTHER_HOST } });
      expect(known.status).toBe(200);
      expect(known.json).toEqual({ projectId: 'demo', allowedOrigins: [HOST, 'http://second.test'], socials: [], farcaster: false });
      // A malformed %-escape names no project: 404, not a 500 and a stack trace.
      expect((await api('/api/projects/%E0%A4%A', { project: null, hostOrigin: null })).status).toBe(404);
      expect(known.headers.get('access-control-allow-origin')).toBe('*');
      const unknown = await api('/api/projects/nope', { project: null, hostOrigin: null });
      expect(unknown.status).toBe(404);
      expect(unknown.json).toEqual({ error: { code: 'invalid_project', message: 'Invalid Project ID' } });
      expect(unknown.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('serves /frame and its visible pages with the §3 headers (frame-ancestors = the allowlist)', async () => {
      for (const [path, title] of [
        ['/frame?projectId=demo&chainId=1&v=1', 'frame'],
        ['/frame/recovery?projectId=demo', 'recovery'],
        ['/frame/approve?projectId=demo&request=00', 'approve'],
        ['/frame/logins?projectId=demo', 'logins'],
      ] as const) {
        const page = await fetch(`${service.url}${path}`);
        expect(page.status).toBe(200);
        expect(page.headers.get('content-security-policy')).toBe(CSP);
        expect(page.headers.get('x-content-type-options')).toBe('nosniff');
        expect(page.headers.get('referrer-policy')).toBe('no-referrer');
        expect(page.headers.get('cache-control')).toBe('no-store');
        expect(page.headers.get('content-type')).toMatch(/^text\/html/);
        expect(await page.text()).toContain(`<title>${title}</title>`);
      }
      const none = await fetch(`${service.url}/frame?projectId=other`);
      expect(none.headers.get('content-security-policy')).toContain("frame-ancestors 'none';");
      const unknown = await fetch(`${service.url}/frame?projectId=nope`);
      expect(unknown.status).toBe(404);
      expect(((await unknown.json()) as { error: { message: string } }).error.message).toBe('Invalid Project ID');
    });

    it('serves the frame assets immutable, and nothing outside assets/', async () => {
      const asset = await fetch(`${service.url}/frame/assets/frame-abc123.js`);
      expect(asset.status).toBe(200);
      expect(asset.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
      expect(asset.headers.get('cache-control')).toContain('immutable');
      expect(await asset.text()).toBe('console.log("frame");');
      for (const path of ['/frame/assets/..%2Findex.html', '/frame/assets/missing.js', '/frame/assets/.hidden']) {
        expect((await fetch(`${service.url}${path}`)).status, path).toBe(404);
      }
      expect((await fetch(`${service.url}/frame?projectId=demo`, { method: 'POST' })).status).toBe(405);
    });
  });
});

describe('persistence with dataDir (PGlite on disk)', () => {
  let dataDir: string;
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('keeps users, sessions and wallets across a restart', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'latch-embedded-data-'));
    const options = {
      dataDir,
      projects: [{ id: 'demo', allowedOrigins: [HOST] }],
      smtp: { host: inbox.host, port: inbox.port, from: 'wallet@service.test' },
      secret: SECRET,
      frameDir,
    };
    const headers = { 'X-Latch-Project': 'demo', 'X-Latch-Host-Origin': HOST, 'Content-Type': 'application/json' };
    const email = freshEmail();
    let token: string;
    let WALLET: Awaited<ReturnType<typeof provenWallet>> | undefined;
    const first = await startEmbeddedWalletService(options);
    try {
      const after = inbox.messages.length;
      const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
        fetch(`${first.url}${path}`, { method: 'POST', headers: { ...headers, Origin: first.url, ...extra }, body: JSON.stringify(body) });
      expect((await post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' })).status).toBe(200);
      const code = /\b(\d{6})\b/.exec((await inbox.waitFor({ to: email }, { after })).text)?.[1];
      const signedIn = await post('/api/auth/sign-in/email-otp', { email, otp: code });
      token = signedIn.headers.get('set-auth-token') as string;
      WALLET = await provenWallet(((await signedIn.json()) as { user: { id: string } }).user.id, 'demo');
      const put = await fetch(`${first.url}/api/wallet`, {
        method: 'PUT',
        headers: { ...headers, Origin: first.url, Authorization: `Bearer ${token}` },
        body: JSON.stringify(WALLET),
      });
      expect(put.status).toBe(201);
    } finally {
      await first.close();
    }
    const second = await startEmbeddedWalletService(options);
    try {
      const share = await fetch(`${second.url}/api/wallet/auth-share`, { headers: { ...headers, Authorization: `Bearer ${token}` } });
      expect(share.status).toBe(200);
      expect(await share.json()).toEqual({ authShare: WALLET?.authShare });
    } finally {
      await second.close();
    }
  });
});

describe('secrets at rest', () => {
  it('keeps sign-in codes hashed and accepts a session token only with its signature', async () => {
    const pglite = new PGlite();
    const service = await startEmbeddedWalletService({
      database: pglite,
      projects: [{ id: 'demo', allowedOrigins: [HOST] }],
      smtp: { host: inbox.host, port: inbox.port, from: 'wallet@service.test' },
      secret: SECRET,
      frameDir,
    });
    try {
      const headers = { 'X-Latch-Project': 'demo', 'X-Latch-Host-Origin': HOST, 'Content-Type': 'application/json', Origin: service.url };
      const email = freshEmail();
      const after = inbox.messages.length;
      const post = (path: string, body: unknown) => fetch(`${service.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) });
      expect((await post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' })).status).toBe(200);
      const code = /\b(\d{6})\b/.exec((await inbox.waitFor({ to: email }, { after })).text)?.[1] as string;
      // A read of the database (a leaked backup) does not give the code.
      const stored = await pglite.query<{ value: string }>("select value from verification where identifier like 'sign-in-otp-%'");
      expect(stored.rows.length).toBeGreaterThan(0);
      for (const row of stored.rows) expect(row.value).not.toContain(code);
      const signedIn = await post('/api/auth/sign-in/email-otp', { email, otp: code });
      const token = signedIn.headers.get('set-auth-token') as string;
      expect(token).toMatch(/^[^.]+\..+$/);
      const read = (bearer: string) => fetch(`${service.url}/api/wallet`, { headers: { ...headers, Authorization: `Bearer ${bearer}` } });
      expect((await read(token)).status).toBe(200);
      // The token as the database holds it, without its signature: not a session.
      const raw = token.split('.')[0] as string;
      const inDatabase = await pglite.query<{ token: string }>('select token from session where token = $1', [raw]);
      expect(inDatabase.rows).toHaveLength(1);
      expect((await read(raw)).status).toBe(401);
    } finally {
      await service.close();
      await pglite.close();
    }
  });
});

describe('configuration', () => {
  const base = {
    projects: [{ id: 'demo', allowedOrigins: [HOST] }],
    smtp: { host: '127.0.0.1', port: 2525, from: 'wallet@service.test' },
    secret: SECRET,
    publicUrl: 'http://127.0.0.1:1',
  };
  it('refuses a short secret, a bad origin, no project and a bad database string, with clear errors', () => {
    expect(() => createEmbeddedWalletService({ ...base, secret: 'short' })).toThrow('`secret` must be at least 32 characters');
    expect(() => createEmbeddedWalletService({ ...base, secret: 'short' })).toThrow(
      expect.objectContaining({ name: 'LatchError', category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' }),
    );
    expect(() => createEmbeddedWalletService({ ...base, projects: [{ id: 'demo', allowedOrigins: ['https://app.test/path'] }] })).toThrow(
      "'https://app.test/path' is not an origin like https://app.example.com",
    );
    expect(() => createEmbeddedWalletService({ ...base, projects: [] })).toThrow('configure at least one project');
    expect(() => createEmbeddedWalletService({ ...base, publicUrl: 'nope' })).toThrow('`publicUrl` must be a URL');
  });
  it('rejects ready for a database string that is not postgres://', async () => {
    const service = createEmbeddedWalletService({ ...base, database: 'mysql://nope' });
    await expect(service.ready).rejects.toThrow('postgres:// connection string');
    await service.close();
  });
});
