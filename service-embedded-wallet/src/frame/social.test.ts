// @vitest-environment node
import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Hex, verifyMessage } from 'viem';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type FrameReply, parseReply, type FrameChannelMessage, randomId } from '@latch/connector-embedded/protocol';
import { type ControllerOptions, type FrameChannel, startController } from './controller.js';
import { createDeviceStore, createMemoryStore, type KeyValueStore } from './deviceStore.js';
import { createServiceClient } from './serviceClient.js';
import { type FlowStorage, SOCIAL_INIT_ERROR } from './socialFlows.js';

/*
 * The frame's social and Farcaster messages against a fake of the service's issue-11 routes over loopback HTTP
 * (the contract's wire format: intents, claims with the verifier, get-session, Farcaster channels), with the real
 * service client, real keys and WebCrypto. The real service, the OIDC stand-in and the relay are the e2e's.
 */

const HOST = 'https://shop.example';
const PROJECT = 'demo-project';
const CONFIGURED = ['google', 'github'];

interface Intent {
  provider: string;
  challenge: string;
  returnTo?: string;
  linkUser?: string;
  kind?: string;
  startToken?: string;
  /** A redirect sign-in's browser code: its claim must show it. */
  code?: string;
  status: 'pending' | 'done' | 'error' | 'claimed' | 'cancelled';
  userId?: string;
  error?: { code: string; message: string };
}
interface Channel {
  status: 'pending' | 'completed' | 'invalid' | 'expired' | 'claimed' | 'deleted';
  challenge: string;
  userId?: string;
}
interface User {
  id: string;
  email: string;
  name: string;
  wallet?: { authShare: string; addresses: { eip155: string; solana: string } };
}

/** The fake service: state the tests drive (the visitor finishing at the provider, the relay completing). */
const fake = {
  url: '',
  intents: new Map<string, Intent>(),
  channels: new Map<string, Channel>(),
  users: new Map<string, User>(),
  tokens: new Map<string, string>(),
  claims: [] as { id: string; verifier: string; code?: string; authorization?: string }[],
  deleted: [] as string[],
  intentBodies: [] as { body: Record<string, unknown>; authorization?: string }[],
};
let server: Server;

const send = (response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) =>
  response.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
const fail = (response: ServerResponse, status: number, code: string, message: string) =>
  send(response, status, { error: { code, message } });

async function readBody(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

function newSession(userId: string): string {
  const token = randomBytes(16).toString('hex');
  fake.tokens.set(token, userId);
  return token;
}

async function handle(request: IncomingMessage, response: ServerResponse) {
  const url = new URL(request.url ?? '/', fake.url);
  const path = url.pathname;
  if (path === `/api/projects/${PROJECT}`)
    return send(response, 200, { projectId: PROJECT, allowedOrigins: [HOST], socials: CONFIGURED, farcaster: true });
  if (request.headers['x-latch-project'] !== PROJECT || request.headers['x-latch-host-origin'] !== HOST)
    return fail(response, 403, 'origin_not_allowed', 'Unauthorized: origin not allowed');
  const body = request.method === 'GET' ? {} : await readBody(request);
  const bearer = request.headers.authorization?.replace(/^Bearer /, '');
  const signedIn = bearer ? fake.tokens.get(bearer) : undefined;

  if (path === '/api/social/intents' && request.method === 'POST') {
    fake.intentBodies.push({ body, authorization: request.headers.authorization });
    if (!CONFIGURED.includes(String(body.provider)))
      return fail(response, 400, 'provider_not_configured', 'That provider is not configured');
    const kind = body.kind as string | undefined;
    if (kind && !signedIn) return fail(response, 401, 'unauthorized', 'Sign in first');
    const id = randomBytes(12).toString('base64url');
    const startToken = body.returnTo ? undefined : randomBytes(32).toString('base64url');
    fake.intents.set(id, {
      provider: String(body.provider),
      challenge: String(body.challenge),
      returnTo: body.returnTo as string | undefined,
      linkUser: kind ? signedIn : undefined,
      kind,
      startToken,
      status: 'pending',
    });
    return send(response, 201, { intentId: id, url: `${fake.url}/social/start?intent=${id}`, ...(startToken ? { startToken } : {}) });
  }
  let match = /^\/api\/social\/intents\/([\w-]+)(\/claim)?$/.exec(path);
  if (match) {
    const id = match[1] as string;
    const intent = fake.intents.get(id);
    if (!intent) return fail(response, 404, 'not_found', 'Unknown sign-in');
    const verifier = String(body.verifier);
    if (createHash('sha256').update(verifier).digest('base64url') !== intent.challenge)
      return fail(response, 403, 'invalid_verifier', 'This sign-in belongs to another frame');
    if (request.method === 'DELETE') {
      fake.deleted.push(id);
      intent.status = 'cancelled';
      return send(response, 200, {});
    }
    fake.claims.push({ id, verifier, code: body.code as string | undefined, authorization: request.headers.authorization });
    if (intent.status === 'pending') return send(response, 202, { status: 'pending' });
    if (intent.status === 'error') return fail(response, 400, intent.error!.code, intent.error!.message);
    if (intent.status !== 'done') return fail(response, 410, 'intent_used', 'This sign-in was already used');
    if (intent.returnTo && body.code !== intent.code)
      return fail(response, 403, 'wrong_browser', 'This sign-in was finished in another browser');
    if (intent.kind && signedIn !== intent.linkUser) return fail(response, 403, 'wrong_user', 'This sign-in is for another account');
    intent.status = 'claimed';
    if (intent.kind === 'link') return send(response, 200, { linked: true, social: { provider: intent.provider } });
    if (intent.kind === 'reauth') return send(response, 200, { steppedUp: true, social: { provider: intent.provider } });
    const token = newSession(intent.userId!);
    return send(response, 200, { token }, { 'set-auth-token': token });
  }
  if (path === '/api/farcaster/channels' && request.method === 'POST') {
    const id = randomBytes(12).toString('base64url');
    fake.channels.set(id, { status: 'pending', challenge: String(body.challenge) });
    return send(response, 201, {
      channelId: id,
      url: `https://farcaster.xyz/~/siwf?channelToken=${id}`,
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    });
  }
  match = /^\/api\/farcaster\/channels\/([\w-]+)(\/claim)?$/.exec(path);
  if (match) {
    const id = match[1] as string;
    const channel = fake.channels.get(id);
    if (!channel) return fail(response, 404, 'not_found', 'Unknown Farcaster request');
    if (createHash('sha256').update(String(body.verifier)).digest('base64url') !== channel.challenge)
      return fail(response, 403, 'invalid_verifier', 'This request belongs to another frame');
    if (request.method === 'DELETE') {
      fake.deleted.push(id);
      channel.status = 'deleted';
      return send(response, 200, {});
    }
    if (channel.status === 'pending') return send(response, 202, { status: 'pending' });
    if (channel.status === 'invalid') return fail(response, 400, 'farcaster_invalid', 'Signature invalid');
    if (channel.status === 'expired') return fail(response, 410, 'farcaster_expired', 'Expired');
    if (channel.status !== 'completed') return fail(response, 410, 'already_claimed', 'This Farcaster sign-in was already used');
    channel.status = 'claimed';
    const token = newSession(channel.userId!);
    return send(response, 200, { token }, { 'set-auth-token': token });
  }

  if (!signedIn) return fail(response, 401, 'unauthorized', 'Sign in first');
  const user = fake.users.get(signedIn)!;
  if (path === '/api/auth/get-session')
    return send(response, 200, { session: { userId: user.id, token: bearer }, user: { id: user.id, email: user.email, name: user.name } });
  if (path === '/api/auth/sign-out') {
    fake.tokens.delete(bearer!);
    return send(response, 200, { success: true });
  }
  if (path === '/api/wallet' && request.method === 'GET')
    return send(response, 200, { addresses: user.wallet?.addresses ?? {}, hasAuthShare: Boolean(user.wallet) });
  if (path === '/api/wallet' && request.method === 'PUT') {
    if (user.wallet) return fail(response, 409, 'wallet_exists', 'This account already has a wallet');
    user.wallet = { authShare: String(body.authShare), addresses: body.addresses as { eip155: string; solana: string } };
    return send(response, 201, {});
  }
  if (path === '/api/wallet/auth-share')
    return user.wallet ? send(response, 200, { authShare: user.wallet.authShare }) : fail(response, 404, 'no_wallet', 'No wallet');
  if (path === '/api/account/logins')
    return send(response, 200, {
      methods: [{ id: 'email', provider: 'email', label: 'l***@example.com', removable: false }],
      email: 'l***@example.com',
      linkable: CONFIGURED,
      steppedUp: true,
    });
  return fail(response, 404, 'not_found', 'Not found');
}

beforeAll(async () => {
  server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => fail(response, 500, 'internal', String(error)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

function addUser(name: string): User {
  const user = { id: randomId(), email: `${name.toLowerCase()}@example.com`, name };
  fake.users.set(user.id, user);
  return user;
}

/** The visitor came back from the provider: the service recorded the outcome on the intent. */
function finish(intentId: string, outcome: { userId: string } | { code: string; message: string }) {
  const intent = fake.intents.get(intentId)!;
  if ('userId' in outcome) Object.assign(intent, { status: 'done', userId: outcome.userId });
  else Object.assign(intent, { status: 'error', error: outcome });
}

function memoryStorage(): FlowStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return { map, getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) };
}

interface Posted {
  message: FrameReply;
  raw: unknown;
  targetOrigin: string;
}

/** A frame on the fake service: requests in, schema-checked replies out, the recovery frame's channel. */
function createFrame(kv: KeyValueStore = createMemoryStore(), flowStorage: FlowStorage = memoryStorage()) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const posted: Posted[] = [];
  const waiters = new Map<string, (posted: Posted) => void>();
  const parent = {
    postMessage(raw: unknown, targetOrigin: string) {
      const parsed = parseReply(raw);
      if (!parsed.ok) throw new Error(`the frame posted an invalid reply: ${parsed.error.message}`);
      const entry = { message: parsed.message, raw, targetOrigin };
      posted.push(entry);
      waiters.get(parsed.message.id)?.(entry);
    },
  };
  const channelListeners = new Set<(event: MessageEvent) => void>();
  const shown: FrameChannelMessage[] = [];
  const channel: FrameChannel = {
    postMessage: (message) => void shown.push(message),
    addEventListener: (_type, listener) => channelListeners.add(listener),
    removeEventListener: (_type, listener) => channelListeners.delete(listener),
  };
  const options: ControllerOptions = {
    target: {
      addEventListener: ((_: string, listener: (event: MessageEvent) => void) => listeners.add(listener)) as Window['addEventListener'],
      removeEventListener: ((_: string, listener: (event: MessageEvent) => void) =>
        listeners.delete(listener)) as Window['removeEventListener'],
    },
    parent,
    projectId: PROJECT,
    chainId: 31337,
    store: createDeviceStore(kv),
    channel,
    createService: (hostOrigin) => createServiceClient({ projectId: PROJECT, hostOrigin, baseUrl: fake.url }),
    readyOrigin: HOST,
    ownOrigin: fake.url,
    flowStorage,
    claimPollMs: 20,
  };
  const controller = startController(options);
  stops.push(controller.stop);

  function request(type: string, payload: unknown = {}): Promise<Posted> {
    const id = randomId();
    const reply = new Promise<Posted>((resolve) => waiters.set(id, resolve));
    for (const listener of listeners)
      listener({ data: { latch: 'embedded', v: 1, id, type, payload }, origin: HOST, source: parent } as MessageEvent);
    return reply;
  }
  const page = (message: FrameChannelMessage) => {
    for (const listener of channelListeners) listener({ data: message } as MessageEvent);
  };
  /** Creates the wallet: the visitor "saves" the secret in the recovery frame. */
  async function createWallet() {
    const created = request('wallet:create');
    await until(() => shown.some((m) => m.kind === 'recovery:show'));
    page({ kind: 'recovery:saved' });
    return created;
  }
  /** The approval page: asks for the waiting request over the channel and approves it. */
  async function approve() {
    await until(() => posted.some((entry) => entry.message.type === 'approval:required'));
    const required = posted.filter((entry) => entry.message.type === 'approval:required').at(-1) as Posted;
    const { requestId } = required.message.payload as { requestId: string };
    page({ kind: 'approval:hello', requestId });
    await until(() => shown.some((m) => m.kind === 'approval:show' && m.requestId === requestId));
    page({ kind: 'approval:decide', requestId, approved: true });
  }
  /** A window of the frame's own origin (the sign-in popup) posting to the frame; its replies are kept. */
  function fromPopup(data: unknown, origin = fake.url) {
    const received: unknown[] = [];
    const popup = { postMessage: (message: unknown, targetOrigin: string) => void received.push({ message, targetOrigin }) };
    for (const listener of listeners) listener({ data, origin, source: popup } as unknown as MessageEvent);
    return received;
  }
  return {
    request,
    posted,
    shown,
    kv,
    flowStorage,
    createWallet,
    approve,
    page,
    fromPopup,
    hello: () => request('frame:hello', { projectId: PROJECT, sdkVersion: 'test' }),
  };
}

const payload = (posted: Posted) => posted.message.payload as Record<string, unknown>;
const until = async (check: () => boolean) => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(check()).toBe(true);
};

describe('social sign-in in the frame', () => {
  it('starts with a challenge only, waits while the visitor is at the provider, then signs in; the same person gets the same wallet', async () => {
    const ada = addUser('Ada');
    const frame = createFrame();
    await frame.hello();
    const started = await frame.request('social:start', { provider: 'github' });
    expect(started.message.type).toBe('social:start:success');
    const { intentId, url } = payload(started) as { intentId: string; url: string };
    expect(url).toBe(`${fake.url}/social/start?intent=${intentId}`);
    const intent = fake.intents.get(intentId)!;
    expect(intent.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(intent.linkUser).toBeUndefined();

    const waiting = frame.request('social:wait', { intentId });
    // Still at the provider: the frame keeps asking (202) with the verifier whose hash is the challenge.
    await until(() => fake.claims.filter((c) => c.id === intentId).length >= 2);
    const { verifier } = fake.claims.find((c) => c.id === intentId)!;
    expect(createHash('sha256').update(verifier).digest('base64url')).toBe(intent.challenge);
    finish(intentId, { userId: ada.id });
    const signedIn = await waiting;
    expect(signedIn.message).toMatchObject({ type: 'social:wait:success', payload: { action: 'CREATE' } });

    const created = await frame.createWallet();
    expect(created.message.type).toBe('wallet:create:success');
    const user = payload(created).user as { email: string; addresses: { eip155: Hex; solana: string }; social: unknown };
    expect(user).toMatchObject({ email: 'ada@example.com', social: { provider: 'github', username: 'Ada' } });
    const signing = frame.request('rpc:request', {
      namespace: 'eip155',
      chainId: 31337,
      method: 'personal_sign',
      params: ['social', user.addresses.eip155],
    });
    await frame.approve();
    const signed = await signing;
    expect(await verifyMessage({ address: user.addresses.eip155, message: 'social', signature: payload(signed).result as Hex })).toBe(true);

    // A reload restores the social session; signing in again (another intent, same person) gives the same wallet.
    const reloaded = createFrame(frame.kv);
    await reloaded.hello();
    expect((await reloaded.request('session:restore')).message).toMatchObject({ payload: { user } });
    await reloaded.request('signout');
    const again = payload(await reloaded.request('social:start', { provider: 'github' })) as { intentId: string };
    finish(again.intentId, { userId: ada.id });
    expect((await reloaded.request('social:wait', again)).message).toMatchObject({
      type: 'social:wait:success',
      payload: { action: 'CONNECT', user },
    });

    // The host page saw neither the verifier nor a session token.
    const everything = JSON.stringify([...frame.posted, ...reloaded.posted].map((entry) => entry.raw));
    for (const claim of fake.claims) expect(everything).not.toContain(claim.verifier);
    for (const token of fake.tokens.keys()) expect(everything).not.toContain(token);
  });

  it('the redirect fallback: the next page load’s frame claims with the verifier kept in sessionStorage', async () => {
    const grace = addUser('Grace');
    const storage = memoryStorage();
    const before = createFrame(createMemoryStore(), storage);
    await before.hello();
    const started = await before.request('social:start', { provider: 'google', returnTo: `${HOST}/checkout?step=2` });
    const { intentId } = payload(started) as { intentId: string };
    expect(fake.intents.get(intentId)!.returnTo).toBe(`${HOST}/checkout?step=2`);
    expect([...storage.map.keys()]).toEqual([`latch-social:${intentId}`]);
    finish(intentId, { userId: grace.id });

    const code = randomBytes(32).toString('base64url');
    fake.intents.get(intentId)!.code = code;
    const after = createFrame(createMemoryStore(), storage);
    await after.hello();
    expect((await after.request('social:wait', { intentId, code })).message).toMatchObject({ payload: { action: 'CREATE' } });
    expect(fake.claims.filter((claim) => claim.id === intentId).at(-1)?.code).toBe(code);
    // Used once: forgotten, so a replay of the same id is refused by the frame itself.
    expect(storage.map.size).toBe(0);
    expect((await after.request('social:wait', { intentId })).message).toMatchObject({
      type: 'social:wait:error',
      payload: { code: 'unknown_intent' },
    });
    // A return page on another origin is refused before anything is asked of the service.
    const asked = fake.intentBodies.length;
    expect((await after.request('social:start', { provider: 'google', returnTo: 'https://evil.example/' })).message).toMatchObject({
      payload: { code: 'invalid_request', message: 'returnTo must be a page of the host origin' },
    });
    expect(fake.intentBodies.length).toBe(asked);
  });

  it('answers each failure with its §8 text', async () => {
    const frame = createFrame();
    await frame.hello();
    const failWith = async (provider: string, outcome: { code: string; message: string }) => {
      const { intentId } = payload(await frame.request('social:start', { provider })) as { intentId: string };
      const waiting = frame.request('social:wait', { intentId });
      finish(intentId, outcome);
      return (await waiting).message;
    };
    expect(await failWith('google', { code: 'provider_error', message: 'access_denied' })).toMatchObject({
      type: 'social:wait:error',
      payload: { code: 'provider_error', message: 'Google sign-in failed: access_denied' },
    });
    expect(await failWith('github', { code: 'provider_error', message: 'GitHub sign-in failed: The user denied access' })).toMatchObject({
      payload: { code: 'provider_error', message: 'GitHub sign-in failed: The user denied access' },
    });
    expect(await failWith('google', { code: 'state_mismatch', message: 'state mismatch' })).toMatchObject({
      payload: { code: 'state_mismatch', message: 'The sign-in could not be verified. Please try again.' },
    });
    expect(await failWith('github', { code: 'account_already_linked', message: 'linked' })).toMatchObject({
      payload: { code: 'account_already_linked', message: 'This GitHub account is already linked to another wallet' },
    });
    // A provider the service has no configuration for: §8's initialisation error.
    expect((await frame.request('social:start', { provider: 'apple' })).message).toMatchObject({
      type: 'social:start:error',
      payload: { code: 'social_init_error', message: SOCIAL_INIT_ERROR },
    });
  });

  it('hands the start token only to a popup of its own origin, once, and never to the host page', async () => {
    const frame = createFrame();
    await frame.hello();
    const started = await frame.request('social:start', { provider: 'google' });
    const { intentId } = payload(started) as { intentId: string };
    const { startToken } = fake.intents.get(intentId)!;
    expect(startToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The host page's reply carries the intent and its URL, not the token.
    expect(JSON.stringify(frame.posted.map((entry) => entry.raw))).not.toContain(startToken);
    const ask = { latch: 'embedded-social', kind: 'start-token-request', intentId };
    expect(frame.fromPopup(ask, 'https://evil.example')).toEqual([]);
    expect(frame.fromPopup({ ...ask, intentId: 'someone-elses' })).toEqual([]);
    expect(frame.fromPopup(ask)).toEqual([
      { message: { latch: 'embedded-social', kind: 'start-token', intentId, startToken }, targetOrigin: fake.url },
    ]);
    expect(frame.fromPopup(ask)).toEqual([]);
    // The host cannot add a way of signing in: a `link` it sends is dropped, the intent is a plain sign-in.
    const plain = await frame.request('social:start', { provider: 'google', link: true });
    const plainIntent = fake.intents.get((payload(plain) as { intentId: string }).intentId)!;
    expect(plainIntent.kind).toBeUndefined();
    expect(fake.intentBodies.at(-1)!.authorization).toBeUndefined();
  });

  it('cancel ends the wait and tells the service; a LINK intent carries the session', async () => {
    const frame = createFrame();
    await frame.hello();
    const { intentId } = payload(await frame.request('social:start', { provider: 'google' })) as { intentId: string };
    const waiting = frame.request('social:wait', { intentId });
    await until(() => fake.claims.some((c) => c.id === intentId));
    expect((await frame.request('social:cancel', { intentId })).message).toMatchObject({ type: 'social:cancel:success', payload: {} });
    expect((await waiting).message).toMatchObject({ type: 'social:wait:error', payload: { code: 'cancelled' } });
    expect(fake.deleted).toContain(intentId);
    expect(fake.intents.get(intentId)!.status).toBe('cancelled');
  });

  it("adds a sign-in method only from the wallet's own sign-in methods page, under the session, with no new session", async () => {
    const linus = addUser('Linus');
    const frame = createFrame();
    await frame.hello();
    const first = payload(await frame.request('social:start', { provider: 'github' })) as { intentId: string };
    finish(first.intentId, { userId: linus.id });
    await frame.request('social:wait', first);
    // The page introduces itself; the frame answers with the account's methods and its own id.
    frame.page({ kind: 'logins:hello' });
    await until(() => frame.shown.some((m) => m.kind === 'logins:state'));
    const state = frame.shown.find((m) => m.kind === 'logins:state') as Extract<FrameChannelMessage, { kind: 'logins:state' }>;
    expect(state.state.linkable).toEqual(['google', 'github']);
    const id = randomId();
    frame.page({ kind: 'logins:link', frame: state.frame, id, provider: 'google', purpose: 'link' });
    await until(() => frame.shown.some((m) => m.kind === 'logins:started' && m.id === id));
    const linkIntent = [...fake.intents.entries()].find(([, intent]) => intent.kind === 'link')!;
    expect(linkIntent[1].linkUser).toBe(linus.id);
    expect(fake.intentBodies.at(-1)!.authorization).toMatch(/^Bearer [0-9a-f]{32}$/);
    // Another tab's page (another frame id) is ignored.
    frame.page({ kind: 'logins:send-code', frame: randomId(), id: randomId() });
    finish(linkIntent[0], { userId: linus.id });
    await until(() => frame.shown.some((m) => m.kind === 'logins:result' && m.id === id));
    expect(frame.shown.find((m) => m.kind === 'logins:result' && m.id === id)).toEqual({ kind: 'logins:result', id, ok: true });
    expect(fake.claims.filter((claim) => claim.id === linkIntent[0]).every((claim) => claim.authorization?.startsWith('Bearer '))).toBe(
      true,
    );
    // Nothing of it reached the host page.
    expect(JSON.stringify(frame.posted.map((entry) => entry.raw))).not.toContain(linkIntent[0]);
  });
});

describe('Farcaster sign-in in the frame', () => {
  it('opens a channel, waits for the relay, signs in with the Farcaster username; failures have their texts; cancel deletes', async () => {
    const dwr = addUser('dwr');
    const frame = createFrame();
    await frame.hello();
    const started = await frame.request('farcaster:start');
    expect(started.message).toMatchObject({
      type: 'farcaster:start:success',
      payload: { channelId: expect.any(String), url: expect.stringMatching(/^https:\/\/farcaster\.xyz\/~\/siwf\?channelToken=/) },
    });
    const { channelId } = payload(started) as { channelId: string };
    const waiting = frame.request('farcaster:wait', { channelId });
    await new Promise((resolve) => setTimeout(resolve, 60));
    Object.assign(fake.channels.get(channelId)!, { status: 'completed', userId: dwr.id });
    expect((await waiting).message).toMatchObject({ type: 'farcaster:wait:success', payload: { action: 'CREATE' } });
    const created = await frame.createWallet();
    expect(payload(created).user).toMatchObject({ social: { provider: 'farcaster', username: 'dwr' } });

    const failWith = async (status: Channel['status']) => {
      const { channelId: id } = payload(await frame.request('farcaster:start')) as { channelId: string };
      fake.channels.get(id)!.status = status;
      return (await frame.request('farcaster:wait', { channelId: id })).message;
    };
    expect(await failWith('invalid')).toMatchObject({
      payload: { code: 'farcaster_invalid', message: 'The Farcaster signature could not be verified' },
    });
    expect(await failWith('expired')).toMatchObject({ payload: { code: 'farcaster_expired', message: 'The Farcaster request expired' } });

    const { channelId: left } = payload(await frame.request('farcaster:start')) as { channelId: string };
    const abandoned = frame.request('farcaster:wait', { channelId: left });
    expect((await frame.request('farcaster:cancel', { channelId: left })).message.type).toBe('farcaster:cancel:success');
    expect((await abandoned).message).toMatchObject({ payload: { code: 'cancelled' } });
    expect(fake.channels.get(left)!.status).toBe('deleted');
  });
});
