// @vitest-environment node
import { PGlite } from '@electric-sql/pglite';
import { type BareAnvilFixture, type SmtpInbox, startAnvil, startSmtpInbox } from '@latch/devnet';
import {
  createFarcasterSigner,
  deployFarcasterIdRegistry,
  type FarcasterRelay,
  type FarcasterSigner,
  startFarcasterRelay,
} from '@latch/devnet/farcaster';
import { createHash, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createEmbeddedWalletService, type RunningEmbeddedWalletService, startEmbeddedWalletService } from './index.js';

const HOST = 'http://host.test:5173';
const SECRET = 'farcaster-test-secret-of-32-characters!!';
const RELAY_KEY = 'the-farcaster-app-key';
const ALICE_FID = 1001;
const BOB_FID = 1002;

let anvil: BareAnvilFixture;
let relay: FarcasterRelay;
let inbox: SmtpInbox;
let database: PGlite;
let service: RunningEmbeddedWalletService;
let unconfigured: RunningEmbeddedWalletService;
let broken: RunningEmbeddedWalletService;
let alice: FarcasterSigner;
let bob: FarcasterSigner;
let serviceSkew = 0;
let relaySkew = 0;
let goneRelayUrl = '';
const hosts = new Set<string>();
const realFetch = globalThis.fetch;

const account = (index: number) => {
  const found = anvil.accounts[index];
  if (!found) throw new Error(`no anvil account ${index}`);
  return found;
};

beforeAll(async () => {
  // Every request made in this process (the service's auth-client and viem included) goes through here.
  globalThis.fetch = (input, init) => {
    hosts.add(new URL(input instanceof Request ? input.url : String(input)).host);
    return realFetch(input, init);
  };
  [anvil, inbox] = await Promise.all([startAnvil({ deploy: false }), startSmtpInbox()]);
  await deployFarcasterIdRegistry(
    anvil,
    { [ALICE_FID]: account(1).address, [BOB_FID]: account(2).address },
    { authAddresses: { [ALICE_FID]: [account(5).address] } },
  );
  relay = await startFarcasterRelay({ authKey: RELAY_KEY, rpcUrl: anvil.rpcUrl, now: () => Date.now() + relaySkew });
  alice = createFarcasterSigner({
    relayUrl: relay.url,
    fid: ALICE_FID,
    username: 'alice',
    custodyPrivateKey: account(1).privateKey,
    authKey: RELAY_KEY,
  });
  bob = createFarcasterSigner({
    relayUrl: relay.url,
    fid: BOB_FID,
    username: 'bob',
    custodyPrivateKey: account(2).privateKey,
    authKey: RELAY_KEY,
  });
  database = new PGlite();
  const base = {
    database,
    projects: [{ id: 'demo', allowedOrigins: [HOST, 'http://second.test'] }],
    smtp: { host: inbox.host, port: inbox.port, from: 'Wallet <wallet@service.test>' },
    secret: SECRET,
    now: () => Date.now() + serviceSkew,
  };
  service = await startEmbeddedWalletService({ ...base, farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl } });
  unconfigured = await startEmbeddedWalletService(base);
  // A relay address nothing listens on (the relay's own port once closed), and a tight limit on new requests.
  const gone = await startFarcasterRelay();
  await gone.close();
  goneRelayUrl = gone.url;
  broken = await startEmbeddedWalletService({
    ...base,
    farcaster: { relayUrl: gone.url, rpcUrl: anvil.rpcUrl },
    rateLimits: { farcasterChannelsPerIp: [{ max: 2, windowMs: 60_000 }] },
  });
});
afterAll(async () => {
  globalThis.fetch = realFetch;
  await Promise.all([service?.close(), unconfigured?.close(), broken?.close()]);
  await Promise.all([relay?.close(), anvil?.stop(), inbox?.close()]);
  await database?.close();
});
// The service's clock: each test starts an hour and a bit after the previous one, so rate limits never carry over.
let testStart = 0;
beforeEach(() => {
  testStart += 3_700_000;
  serviceSkew = testStart;
  relaySkew = 0;
});

interface Call {
  method?: string;
  body?: unknown;
  token?: string;
  hostOrigin?: string;
  base?: string;
}

/** A request as the frame makes it: same origin as the service, naming the project and the host page. */
async function api(path: string, call: Call = {}) {
  const base = call.base ?? service.url;
  const method = call.method ?? (call.body !== undefined ? 'POST' : 'GET');
  const headers: Record<string, string> = { 'X-Latch-Project': 'demo', 'X-Latch-Host-Origin': call.hostOrigin ?? HOST };
  if (method !== 'GET') headers.Origin = base;
  if (call.token) headers.Authorization = `Bearer ${call.token}`;
  if (call.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${base}${path}`, {
    method,
    headers,
    body: call.body === undefined ? undefined : JSON.stringify(call.body),
  });
  const text = await response.text();
  // biome-ignore lint/suspicious/noExplicitAny: answers of several shapes; each test asserts the one it expects
  const json: any = text ? JSON.parse(text) : undefined;
  return { status: response.status, headers: response.headers, json };
}

/** The frame's half of a request: a verifier it keeps, the challenge it sends. */
function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}
const newChannel = (base?: string) => api('/api/farcaster/channels', { body: { challenge: pkcePair().challenge }, base });

const open = async (base?: string) => {
  const { verifier, challenge } = pkcePair();
  const opened = await api('/api/farcaster/channels', { body: { challenge }, base });
  expect(opened.status, JSON.stringify(opened.json)).toBe(201);
  return { ...(opened.json as { channelId: string; url: string; expiresAt: string }), verifier };
};
const claim = (channel: { channelId: string; verifier: string }, call: Call = {}) =>
  api(`/api/farcaster/channels/${channel.channelId}/claim`, { body: { verifier: channel.verifier }, ...call });
const cancel = (channel: { channelId: string; verifier: string }) =>
  api(`/api/farcaster/channels/${channel.channelId}`, { method: 'DELETE', body: { verifier: channel.verifier } });

async function signIn(signer: FarcasterSigner) {
  const channel = await open();
  await signer.approve(channel.url);
  const claimed = await claim(channel);
  expect(claimed.status, JSON.stringify(claimed.json)).toBe(200);
  return claimed.json.token as string;
}

const sessionOf = async (token: string) => (await api('/api/auth/get-session', { token })).json;
const countSessions = async () => Number((await database.query<{ n: number }>('select count(*)::int as n from session')).rows[0]?.n);

describe('Sign In With Farcaster on the embedded wallet service', () => {
  it('says on the project endpoint whether Farcaster is configured', async () => {
    expect((await api('/api/projects/demo')).json.farcaster).toBe(true);
    expect((await api('/api/projects/demo', { base: unconfigured.url })).json.farcaster).toBe(false);
  });

  it('opens a request on the relay with a nonce and domain of its own choosing', async () => {
    const channel = await open();
    const { channelId, url, expiresAt } = channel;
    expect(channelId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(url).toMatch(/^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=[2-9A-Z]{8}$/);
    expect(Date.parse(expiresAt) - Date.now()).toBeGreaterThan(4 * 60_000);
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(5 * 60_000 + serviceSkew);
    const request = await alice.readRequest(url);
    expect(request).toMatchObject({ domain: new URL(service.url).host, siweUri: service.url, requestId: channelId });
    expect(request.nonce).toMatch(/^[A-Za-z0-9]{16,}$/);
    expect((await claim(channel)).json).toEqual({ status: 'pending' });
  });

  it('signs in once the Farcaster app approves: a bearer session for the fid’s user, with the farcaster account', async () => {
    const channel = await open();
    await alice.approve(channel.url);
    const claimed = await claim(channel);
    expect(claimed.status).toBe(200);
    expect(claimed.json.social).toEqual({ provider: 'farcaster', username: 'alice' });
    const token = claimed.json.token as string;
    expect(claimed.headers.get('set-auth-token')).toBe(token);
    const wallet = await api('/api/wallet', { token });
    expect(wallet.status).toBe(200);
    expect(wallet.json).toEqual({ addresses: {}, hasAuthShare: false });
    const session = await sessionOf(token);
    expect(session.user).toMatchObject({ email: `${ALICE_FID}@farcaster.invalid`, name: 'alice', emailVerified: false });
    const accounts = await database.query<{ provider_id: string; account_id: string }>(
      'select "providerId" as provider_id, "accountId" as account_id from account where "userId" = $1',
      [session.user.id],
    );
    expect(accounts.rows).toEqual([{ provider_id: 'farcaster', account_id: String(ALICE_FID) }]);
  });

  it('lands the same fid on the same user, and another fid on another user', async () => {
    const first = await sessionOf(await signIn(alice));
    const again = await sessionOf(await signIn(alice));
    const other = await sessionOf(await signIn(bob));
    expect(again.user.id).toBe(first.user.id);
    expect(other.user.id).not.toBe(first.user.id);
    expect(other.user.email).toBe(`${BOB_FID}@farcaster.invalid`);
  });

  it('accepts an auth address the Key Registry lists for the fid (the relay’s acceptAuthAddress default)', async () => {
    const channel = await open();
    await alice.approve(channel.url, { signWith: account(5).privateKey });
    const claimed = await claim(channel);
    expect(claimed.status, JSON.stringify(claimed.json)).toBe(200);
    expect((await sessionOf(claimed.json.token)).user.email).toBe(`${ALICE_FID}@farcaster.invalid`);
  });

  it('refuses a second claim of the same sign-in', async () => {
    const channel = await open();
    await alice.approve(channel.url);
    expect((await claim(channel)).status).toBe(200);
    const second = await claim(channel);
    expect(second.status).toBe(410);
    expect(second.json.error.code).toBe('already_claimed');
  });

  it('rejects a signature from a key that does not hold the fid, and makes no session', async () => {
    const before = await countSessions();
    const channel = await open();
    // Bob's key claims Alice's fid: a valid signature, but the Id Registry says the fid is not his.
    await alice.approve(channel.url, { signWith: account(2).privateKey });
    const claimed = await claim(channel);
    expect(claimed.status).toBe(400);
    expect(claimed.json.error).toEqual({ code: 'farcaster_invalid', message: 'The Farcaster signature could not be verified' });
    expect((await claim(channel)).json.error.code).toBe('farcaster_invalid');
    expect(await countSessions()).toBe(before);
  });

  it.each([
    ['another site’s domain', { domain: 'evil.example' }],
    ['another nonce', { nonce: 'a1b2c3d4e5f6a7b8c9d0' }],
    ['another URI', { uri: 'https://evil.example/login' }],
  ])('rejects a message with %s', async (_name, override) => {
    const before = await countSessions();
    const channel = await open();
    await alice.approve(channel.url, { override });
    const claimed = await claim(channel);
    expect(claimed.status).toBe(400);
    expect(claimed.json.error.code).toBe('farcaster_invalid');
    expect(await countSessions()).toBe(before);
  });

  it('answers farcaster_expired once the request outlived its 5 minutes', async () => {
    const channel = await open();
    await alice.approve(channel.url);
    serviceSkew = testStart + 5 * 60_000 + 1000;
    const claimed = await claim(channel);
    expect(claimed.status).toBe(410);
    expect(claimed.json.error).toEqual({ code: 'farcaster_expired', message: 'The Farcaster request expired' });
  });

  it('answers farcaster_expired when the relay forgot the channel (its TTL)', async () => {
    const channel = await open();
    relaySkew = 3601_000;
    const claimed = await claim(channel);
    expect(claimed.status).toBe(410);
    expect(claimed.json.error.code).toBe('farcaster_expired');
  });

  it('cancels: the request is gone and a late approval signs no one in', async () => {
    const channel = await open();
    expect((await cancel({ ...channel, verifier: pkcePair().verifier })).status).toBe(403);
    expect(await cancel(channel)).toMatchObject({ status: 200, json: {} });
    await alice.approve(channel.url);
    expect((await claim(channel)).status).toBe(404);
    expect((await cancel(channel)).status).toBe(404);
  });

  it('serves a request only to the frame that opened it (its verifier), for the project and host page it opened it on', async () => {
    const before = await countSessions();
    const channel = await open();
    await alice.approve(channel.url);
    const elsewhere = await claim(channel, { hostOrigin: 'http://second.test' });
    expect(elsewhere.status).toBe(404);
    // The channel id alone (the host page sees it) is not enough: a script cannot claim the session.
    const noVerifier = await api(`/api/farcaster/channels/${channel.channelId}/claim`, { body: {} });
    expect(noVerifier.status).toBe(400);
    const guessed = await claim({ ...channel, verifier: pkcePair().verifier });
    expect(guessed.status).toBe(403);
    expect(guessed.json.error.code).toBe('invalid_verifier');
    expect(await countSessions()).toBe(before);
    const claimed = await claim(channel);
    expect(claimed.status).toBe(200);
    // The session works for that project and page only.
    expect((await api('/api/wallet', { token: claimed.json.token, hostOrigin: 'http://second.test' })).status).toBe(401);
  });

  it('answers 400 farcaster_not_configured when the service has no relay', async () => {
    const answer = await newChannel(unconfigured.url);
    expect(answer.status).toBe(400);
    expect(answer.json.error.code).toBe('farcaster_not_configured');
  });

  it('answers 502 with a clear message when the relay is down, and limits new requests per IP', async () => {
    const down = await newChannel(broken.url);
    expect(down.status).toBe(502);
    expect(down.json.error.code).toBe('farcaster_relay_unavailable');
    expect(down.json.error.message).toMatch(/^The Farcaster relay could not be reached: try again in a moment/);
    expect((await newChannel(broken.url)).status).toBe(502);
    const limited = await newChannel(broken.url);
    expect(limited.status).toBe(429);
    expect(limited.json.error.code).toBe('rate_limited');
  });

  it('refuses a bad farcaster configuration, naming the field', () => {
    const config = {
      projects: [{ id: 'demo', allowedOrigins: [HOST] }],
      smtp: { host: '127.0.0.1', port: 25, from: 'w@x.test' },
      secret: SECRET,
      publicUrl: 'https://wallet.example.com',
    };
    for (const relayUrl of ['relay', 'javascript:alert(1)//https://relay.example', 'http://relay.example.com', 'data:text/html,x']) {
      expect(() => createEmbeddedWalletService({ ...config, farcaster: { relayUrl, rpcUrl: anvil.rpcUrl } })).toThrow(
        `\`farcaster.relayUrl\` must be an https URL (http only on 127.0.0.1 or localhost) (got '${relayUrl}')`,
      );
    }
    expect(() =>
      createEmbeddedWalletService({ ...config, farcaster: { relayUrl: relay.url, rpcUrl: anvil.rpcUrl, domain: 'https://x' } }),
    ).toThrow('`farcaster.domain` must be a host like wallet.example.com');
  });

  it('refuses a relay whose connect link is not https (a javascript: link would run in the host page)', async () => {
    // A relay that answers with a script URL (compromised, or a hostile self-hosted one), echoing the nonce.
    const hostile = createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        const { nonce } = JSON.parse(body || '{}') as { nonce?: string };
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ channelToken: 'ABCDEFGH', url: 'javascript:alert(document.domain)//https://x', nonce }));
      });
    });
    await new Promise<void>((resolve) => hostile.listen(0, '127.0.0.1', resolve));
    const hostileUrl = `http://127.0.0.1:${(hostile.address() as AddressInfo).port}`;
    const behind = await startEmbeddedWalletService({
      database: new PGlite(),
      projects: [{ id: 'demo', allowedOrigins: [HOST] }],
      smtp: { host: inbox.host, port: inbox.port, from: 'w@service.test' },
      secret: SECRET,
      farcaster: { relayUrl: hostileUrl, rpcUrl: anvil.rpcUrl },
    });
    try {
      const answer = await newChannel(behind.url);
      expect(answer.status).toBe(502);
      expect(answer.json.error.code).toBe('farcaster_relay_error');
      expect(JSON.stringify(answer.json)).not.toContain('javascript:');
    } finally {
      await behind.close();
      await new Promise((resolve) => hostile.close(resolve));
    }
    // Both are this test's own: not hosts the service chose to reach.
    hosts.delete(new URL(hostileUrl).host);
    hosts.delete(new URL(behind.url).host);
  });

  it('made no request to any host but the relay, the chain and the services', () => {
    const allowed = new Set(
      [relay.url, goneRelayUrl, anvil.rpcUrl, service.url, unconfigured.url, broken.url].map((url) => new URL(url).host),
    );
    expect([...hosts].filter((host) => !allowed.has(host))).toEqual([]);
    expect(hosts.has(new URL(relay.url).host)).toBe(true);
    expect(hosts.has(new URL(anvil.rpcUrl).host)).toBe(true);
  });
});
