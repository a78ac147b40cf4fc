import { type Hex, verifyMessage } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import { type FrameReply, parseReply, type FrameChannelMessage, randomId } from '../protocol/index.js';
import { type ControllerOptions, type FrameChannel, startController } from './controller.js';
import { createDeviceStore, createMemoryStore, type KeyValueStore } from './deviceStore.js';
import { createServiceClient } from './serviceClient.js';

/*
 * The frame's message loop against an in-process fake of the service's PROTOCOL §1 routes (real Request /
 * Response objects, the real service client, real keys and WebCrypto); the real service and the real frame in
 * Chromium are Part C's e2e.
 */

const HOST = 'https://shop.example';
const PROJECT = 'demo-project';
const SERVICE = 'https://wallet.example';

interface Account {
  id: string;
  otp?: { code: string; expires: number };
  wallet?: { authShare: string; addresses: { eip155: string; solana: string } };
}

/** A fake of the service: projects with allowlists, e-mail codes, bearer sessions, the wallet record. */
function createFakeService() {
  const accounts = new Map<string, Account>();
  const tokens = new Map<string, string>();
  const sentCodes: string[] = [];
  const state = { down: false };
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
  const fail = (status: number, code: string, message: string) => json(status, { error: { code, message } });

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== SERVICE || state.down) throw new TypeError('Failed to fetch');
    if (url.pathname === `/api/projects/${PROJECT}`) return json(200, { projectId: PROJECT, allowedOrigins: [HOST] });
    if (url.pathname.startsWith('/api/projects/')) return fail(404, 'invalid_project', 'Invalid Project ID');
    if (request.headers.get('x-latch-project') !== PROJECT || request.headers.get('x-latch-host-origin') !== HOST) {
      return fail(403, 'origin_not_allowed', 'Unauthorized: origin not allowed');
    }
    const body = request.method === 'GET' ? undefined : ((await request.json()) as Record<string, string>);
    if (url.pathname === '/api/auth/email-otp/send-verification-otp') {
      const account = accounts.get(body!.email!) ?? { id: randomId() };
      accounts.set(body!.email!, account);
      const code = String(100000 + sentCodes.length);
      sentCodes.push(code);
      account.otp = { code, expires: Date.now() + 300_000 };
      return json(200, { success: true });
    }
    if (url.pathname === '/api/auth/sign-in/email-otp') {
      const account = accounts.get(body!.email!);
      if (!account?.otp || account.otp.code !== body!.otp) return json(400, { code: 'INVALID_OTP', message: 'Invalid OTP' });
      account.otp = undefined;
      const token = randomId();
      tokens.set(token, body!.email!);
      return json(200, { token, user: { id: account.id, email: body!.email } }, { 'set-auth-token': token });
    }
    const email = tokens.get(request.headers.get('authorization')?.replace(/^Bearer /, '') ?? '');
    if (!email) return fail(401, 'unauthorized', 'Sign in first');
    const account = accounts.get(email)!;
    if (url.pathname === '/api/auth/sign-out') {
      tokens.delete(request.headers.get('authorization')!.slice(7));
      return json(200, { success: true });
    }
    if (url.pathname === '/api/wallet' && request.method === 'GET') {
      return json(200, { addresses: account.wallet?.addresses ?? {}, hasAuthShare: Boolean(account.wallet) });
    }
    if (url.pathname === '/api/wallet' && request.method === 'PUT') {
      if (account.wallet) return fail(409, 'wallet_exists', 'This account already has a wallet');
      account.wallet = { authShare: body!.authShare!, addresses: body!.addresses as unknown as { eip155: string; solana: string } };
      return json(201, {});
    }
    if (url.pathname === '/api/wallet/auth-share') {
      return account.wallet ? json(200, { authShare: account.wallet.authShare }) : fail(404, 'no_wallet', 'No wallet');
    }
    return fail(404, 'not_found', 'Not found');
  };
  return { fetch, sentCodes, tokens, accounts, state };
}

/** Two ends of a BroadcastChannel: what the hidden frame posts reaches the recovery side and back. */
function createChannelPair() {
  const hiddenListeners = new Set<(event: MessageEvent) => void>();
  const toRecovery: FrameChannelMessage[] = [];
  const recoveryWaiters: ((message: FrameChannelMessage) => void)[] = [];
  const hidden: FrameChannel = {
    postMessage(message) {
      toRecovery.push(message);
      for (const waiter of recoveryWaiters.splice(0)) waiter(message);
    },
    addEventListener: (_type, listener) => hiddenListeners.add(listener),
    removeEventListener: (_type, listener) => hiddenListeners.delete(listener),
  };
  const recovery = {
    received: toRecovery,
    send(message: FrameChannelMessage) {
      queueMicrotask(() => {
        for (const listener of hiddenListeners) listener({ data: message } as MessageEvent);
      });
    },
    next(): Promise<FrameChannelMessage> {
      return new Promise((resolve) => recoveryWaiters.push(resolve));
    },
  };
  return { hidden, recovery };
}

interface Posted {
  message: FrameReply;
  raw: unknown;
  targetOrigin: string;
}

function createFrame(service: ReturnType<typeof createFakeService>, kv: KeyValueStore = createMemoryStore()) {
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
  const channels = createChannelPair();
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
    channel: channels.hidden,
    createService: (hostOrigin) => createServiceClient({ projectId: PROJECT, hostOrigin, baseUrl: SERVICE, fetch: service.fetch }),
    readyOrigin: HOST,
  };
  const controller = startController(options);
  stops.push(controller.stop);

  function deliver(data: unknown, origin = HOST, source: unknown = parent): void {
    for (const listener of listeners) listener({ data, origin, source } as MessageEvent);
  }
  /** Sends a request and resolves with the frame's reply. */
  function request(type: string, payload: unknown = {}, origin = HOST): Promise<Posted> {
    const id = randomId();
    const reply = new Promise<Posted>((resolve) => waiters.set(id, resolve));
    deliver({ latch: 'embedded', v: 1, id, type, payload }, origin);
    return reply;
  }
  return { posted, deliver, request, recovery: channels.recovery, kv };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
});

const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

async function signIn(frame: ReturnType<typeof createFrame>, service: ReturnType<typeof createFakeService>, email: string) {
  expect((await frame.request('frame:hello', { projectId: PROJECT, sdkVersion: 'test' })).message.type).toBe('frame:hello:success');
  expect((await frame.request('email:connect', { email })).message).toMatchObject({
    type: 'email:connect:success',
    payload: { action: 'VERIFY_OTP' },
  });
  return frame.request('email:otp', { otp: service.sentCodes.at(-1) });
}

describe('frame controller', () => {
  it('posts frame:ready on start', () => {
    const frame = createFrame(createFakeService());
    expect(frame.posted).toHaveLength(1);
    expect(frame.posted[0]).toMatchObject({ message: { type: 'frame:ready' }, targetOrigin: HOST });
  });

  it('drops messages whose source is not the parent window, and those from another origin after hello', async () => {
    const frame = createFrame(createFakeService());
    frame.deliver(
      { latch: 'embedded', v: 1, id: randomId(), type: 'frame:hello', payload: { projectId: PROJECT, sdkVersion: 'x' } },
      HOST,
      {},
    );
    await flush();
    expect(frame.posted).toHaveLength(1);
    expect((await frame.request('frame:hello', { projectId: PROJECT, sdkVersion: 'x' })).message).toMatchObject({
      payload: { allowed: true },
    });
    frame.deliver({ latch: 'embedded', v: 1, id: randomId(), type: 'user:get', payload: {} }, 'https://evil.example');
    frame.deliver({ latch: 'embedded', v: 1, id: randomId(), type: 'nonsense' }, 'https://evil.example');
    await flush();
    expect(frame.posted).toHaveLength(2);
  });

  it('refuses a host origin that is not on the allowlist, then ignores that page', async () => {
    const frame = createFrame(createFakeService());
    const reply = await frame.request('frame:hello', { projectId: PROJECT, sdkVersion: 'x' }, 'https://evil.example');
    expect(reply).toMatchObject({
      targetOrigin: 'https://evil.example',
      message: { type: 'frame:hello:error', payload: { code: 'origin_not_allowed', message: 'Unauthorized: origin not allowed' } },
    });
    frame.deliver({ latch: 'embedded', v: 1, id: randomId(), type: 'frame:hello', payload: { projectId: PROJECT, sdkVersion: 'x' } });
    await flush();
    expect(frame.posted).toHaveLength(2);
  });

  it('answers Invalid Project ID for another project, and needs hello before anything else', async () => {
    const frame = createFrame(createFakeService());
    expect((await frame.request('user:get')).message).toMatchObject({ type: 'user:get:error', payload: { code: 'not_ready' } });
    expect((await frame.request('frame:hello', { projectId: 'other', sdkVersion: 'x' })).message).toMatchObject({
      payload: { code: 'invalid_project', message: 'Invalid Project ID' },
    });
  });

  it('answers a malformed message that carries an id with invalid_message and drops one without', async () => {
    const frame = createFrame(createFakeService());
    await frame.request('frame:hello', { projectId: PROJECT, sdkVersion: 'x' });
    const bad = await frame.request('email:otp', { otp: 'abc' });
    expect(bad.message).toMatchObject({
      type: 'email:otp:error',
      payload: { code: 'invalid_message', message: 'Invalid request "email:otp": payload.otp: The code is 6 digits' },
    });
    const unknown = await frame.request('wallet:export', {});
    expect(unknown.message).toMatchObject({ type: 'wallet:export:error', payload: { message: 'Unknown request type "wallet:export"' } });
    const big = await frame.request('rpc:request', {
      namespace: 'eip155',
      chainId: 1,
      method: 'personal_sign',
      params: ['x'.repeat(70_000)],
    });
    expect(big.message).toMatchObject({ payload: { code: 'invalid_message', message: expect.stringContaining('too large') } });
    const before = frame.posted.length;
    frame.deliver({ type: 'email:otp', payload: { otp: '123456' } });
    frame.deliver('garbage');
    await flush();
    expect(frame.posted).toHaveLength(before);
  });

  it('creates a wallet, signs, restores after a reload, recovers on a second device, and never posts secrets', async () => {
    const service = createFakeService();
    const first = createFrame(service);
    expect((await first.request('frame:hello', { projectId: PROJECT, sdkVersion: 'x' })).message.type).toBe('frame:hello:success');
    await first.request('email:connect', { email: 'ada@example.com' });
    expect((await first.request('email:otp', { otp: '999999' })).message).toMatchObject({
      type: 'email:otp:error',
      payload: { code: 'invalid_otp', message: 'Invalid code' },
    });
    await first.request('email:connect', { email: 'ada@example.com' });
    const otp = await first.request('email:otp', { otp: service.sentCodes.at(-1) });
    expect(otp.message).toMatchObject({ type: 'email:otp:success', payload: { action: 'CREATE' } });

    // Create: the secret goes to the recovery frame only; nothing is stored until the visitor saved it.
    const shown = first.recovery.next();
    const created = first.request('wallet:create');
    const show = await shown;
    expect(show).toMatchObject({ kind: 'recovery:show', secret: expect.stringMatching(/^latch1-/) });
    const secret = (show as { secret: string }).secret;
    await flush();
    expect(service.accounts.get('ada@example.com')!.wallet).toBeUndefined();
    first.recovery.send({ kind: 'recovery:hello' });
    expect(await first.recovery.next()).toEqual(show);
    const savedDone = first.recovery.next();
    first.recovery.send({ kind: 'recovery:saved' });
    expect(await savedDone).toEqual({ kind: 'recovery:done' });
    const createdReply = (await created).message;
    expect(createdReply.type).toBe('wallet:create:success');
    const user = (createdReply.payload as { user: { email: string; addresses: { eip155: Hex; solana: string } } }).user;
    expect(user.email).toBe('ada@example.com');
    expect(service.accounts.get('ada@example.com')!.wallet!.addresses).toEqual(user.addresses);

    const signed = await first.request('rpc:request', {
      namespace: 'eip155',
      chainId: 31337,
      method: 'personal_sign',
      params: ['Hello', user.addresses.eip155],
    });
    const signature = (signed.message.payload as { result: Hex }).result;
    expect(await verifyMessage({ address: user.addresses.eip155, message: 'Hello', signature })).toBe(true);
    expect((await first.request('user:get')).message.payload).toEqual({ user });
    expect((await first.request('wallet:create')).message).toMatchObject({ payload: { code: 'wallet_exists' } });

    // Reload: a new frame on the same storage restores silently.
    const reloaded = createFrame(service, first.kv);
    await reloaded.request('frame:hello', { projectId: PROJECT, sdkVersion: 'x' });
    expect((await reloaded.request('session:restore')).message).toMatchObject({ type: 'session:restore:success', payload: { user } });

    // Second device: sign in, RECOVER, a typo and another wallet's secret are refused in the recovery frame.
    const second = createFrame(service);
    expect((await signIn(second, service, 'ada@example.com')).message).toMatchObject({ payload: { action: 'RECOVER' } });
    const asked = second.recovery.next();
    const recovered = second.request('wallet:recover:ready');
    expect(await asked).toEqual({ kind: 'recovery:ask' });
    const typoReply = second.recovery.next();
    second.recovery.send({ kind: 'recovery:entered', secret: `${secret.slice(0, -1)}${secret.endsWith('a') ? 'b' : 'a'}` });
    expect(await typoReply).toMatchObject({ kind: 'recovery:ask', error: expect.stringMatching(/typo|incomplete/) });
    const otherService = createFakeService();
    const other = createFrame(otherService);
    await signIn(other, otherService, 'bob@example.com');
    const otherShown = other.recovery.next();
    void other.request('wallet:create');
    const otherSecret = ((await otherShown) as { secret: string }).secret;
    const mismatch = second.recovery.next();
    second.recovery.send({ kind: 'recovery:entered', secret: otherSecret });
    expect(await mismatch).toEqual({ kind: 'recovery:ask', error: 'This recovery secret belongs to another wallet' });
    service.state.down = true;
    const downReply = second.recovery.next();
    second.recovery.send({ kind: 'recovery:entered', secret });
    expect(await downReply).toEqual({ kind: 'recovery:ask', error: 'Network Error - Could not load embedded wallet' });
    service.state.down = false;
    const doneMessage = second.recovery.next();
    second.recovery.send({ kind: 'recovery:entered', secret });
    expect(await doneMessage).toEqual({ kind: 'recovery:done' });
    expect((await recovered).message).toMatchObject({ type: 'wallet:recover:ready:success', payload: { user } });
    const again = await second.request('rpc:request', {
      namespace: 'eip155',
      chainId: 31337,
      method: 'personal_sign',
      params: ['Again', user.addresses.eip155],
    });
    expect(
      await verifyMessage({
        address: user.addresses.eip155,
        message: 'Again',
        signature: (again.message.payload as { result: Hex }).result,
      }),
    ).toBe(true);

    // Sign out ends the session; a reload is then not connected.
    expect((await second.request('signout')).message).toMatchObject({ type: 'signout:success', payload: {} });
    expect((await second.request('user:get')).message).toMatchObject({ payload: { code: 'not_connected' } });

    // Nothing the frames posted to a host page carries the secret, a share or a session token.
    const everything = JSON.stringify([...first.posted, ...reloaded.posted, ...second.posted].map((entry) => entry.raw));
    expect(everything).not.toContain(secret.slice(7));
    for (const account of service.accounts.values()) if (account.wallet) expect(everything).not.toContain(account.wallet.authShare);
    for (const token of service.tokens.keys()) expect(everything).not.toContain(token);
    expect(everything).not.toMatch(/latch1-/);
    for (const entry of [...first.posted, ...second.posted]) expect(entry.targetOrigin).toBe(HOST);
  });

  it('tells the recovery frame and the host when the wallet cannot be saved, and shows a new secret on retry', async () => {
    const service = createFakeService();
    const frame = createFrame(service);
    await signIn(frame, service, 'carol@example.com');
    const shown = frame.recovery.next();
    const created = frame.request('wallet:create');
    const { secret } = (await shown) as { secret: string };
    // Another device finished creating first.
    const account = service.accounts.get('carol@example.com')!;
    account.wallet = { authShare: 'AAAA', addresses: { eip155: `0x${'1'.repeat(40)}`, solana: '11111111111111111111111111111111' } };
    const failed = frame.recovery.next();
    frame.recovery.send({ kind: 'recovery:saved' });
    expect(await failed).toEqual({ kind: 'recovery:failed', error: 'Your wallet was not saved: This account already has a wallet' });
    expect((await created).message).toMatchObject({ type: 'wallet:create:error', payload: { code: 'wallet_exists' } });
    account.wallet = undefined;
    const again = frame.recovery.next();
    const retried = frame.request('wallet:create');
    const next = await again;
    expect(next).toEqual({ kind: 'recovery:show', secret: expect.stringMatching(/^latch1-/) });
    expect(next).not.toEqual({ kind: 'recovery:show', secret });
    frame.recovery.send({ kind: 'recovery:saved' });
    expect((await retried).message.type).toBe('wallet:create:success');
  });

  it('ends the session and posts session:expired when the service no longer knows the token', async () => {
    const service = createFakeService();
    const frame = createFrame(service);
    await signIn(frame, service, 'eve@example.com');
    service.tokens.clear();
    const reply = await frame.request('wallet:create');
    expect(reply.message).toMatchObject({ type: 'wallet:create:error', payload: { code: 'session_expired' } });
    expect(frame.posted.some((entry) => entry.message.type === 'session:expired')).toBe(true);
    expect((await frame.request('session:restore')).message).toMatchObject({ payload: { code: 'not_connected' } });
  });

  it('reports the service being down with the §8 text', async () => {
    const service = createFakeService();
    const frame = createFrame({ ...service, fetch: async () => Promise.reject(new TypeError('Failed to fetch')) });
    expect((await frame.request('frame:hello', { projectId: PROJECT, sdkVersion: 'x' })).message).toMatchObject({
      payload: { code: 'service_unavailable', message: 'Network Error - Could not load embedded wallet' },
    });
  });
});
