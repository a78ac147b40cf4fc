import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { type Hex, verifyMessage } from 'viem';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type ApprovalDetails,
  type FrameChannelMessage,
  type FrameReply,
  parseReply,
  randomId,
  walletProofMessage,
} from '@latch/connector-embedded/protocol';
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
      const addresses = body!.addresses as unknown as { eip155: Hex; solana: string };
      const proof = body!.proof as unknown as { eip155: Hex; solana: string } | undefined;
      // As the real service: both new keys must have signed the proof text for this user and project.
      const message = walletProofMessage({ userId: account.id, projectId: PROJECT, addresses, authShare: body!.authShare! });
      const proven =
        proof !== undefined &&
        (await verifyMessage({ address: addresses.eip155, message, signature: proof.eip155 })) &&
        ed25519.verify(base58.decode(proof.solana), new TextEncoder().encode(message), base58.decode(addresses.solana));
      if (!proven) return fail(400, 'invalid_proof', "The wallet's keys did not sign this request");
      account.wallet = { authShare: body!.authShare!, addresses };
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
  let read = 0;
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
    /** The next message of this kind the hidden frame posts (or already posted and not yet read this way). */
    async nextOf<K extends FrameChannelMessage['kind']>(kind: K): Promise<Extract<FrameChannelMessage, { kind: K }>> {
      for (;;) {
        const index = toRecovery.findIndex((message, at) => at >= read && message.kind === kind);
        if (index >= 0) {
          read = index + 1;
          return toRecovery[index] as Extract<FrameChannelMessage, { kind: K }>;
        }
        await new Promise<FrameChannelMessage>((resolve) => recoveryWaiters.push(resolve));
      }
    },
  };
  return { hidden, recovery };
}

interface Posted {
  message: FrameReply;
  raw: unknown;
  targetOrigin: string;
}

function createFrame(
  service: ReturnType<typeof createFakeService>,
  kv: KeyValueStore = createMemoryStore(),
  { readyOrigin }: { readyOrigin: string | undefined } = { readyOrigin: HOST },
) {
  const listeners = new Set<(event: MessageEvent) => void>();
  const posted: Posted[] = [];
  const waiters = new Map<string, (posted: Posted) => void>();
  const eventWaiters: (() => void)[] = [];
  const parent = {
    postMessage(raw: unknown, targetOrigin: string) {
      const parsed = parseReply(raw);
      if (!parsed.ok) throw new Error(`the frame posted an invalid reply: ${parsed.error.message}`);
      const entry = { message: parsed.message, raw, targetOrigin };
      posted.push(entry);
      waiters.get(parsed.message.id)?.(entry);
      for (const wake of eventWaiters.splice(0)) wake();
    },
  };
  let eventsRead = 0;
  /** The next event of this type the frame posts to the host (or one already posted and not yet read). */
  async function nextEvent(type: string): Promise<Posted> {
    for (;;) {
      const index = posted.findIndex((entry, at) => at >= eventsRead && entry.message.type === type);
      if (index >= 0) {
        eventsRead = index + 1;
        return posted[index] as Posted;
      }
      await new Promise<void>((resolve) => eventWaiters.push(resolve));
    }
  }
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
    readyOrigin,
    ownOrigin: SERVICE,
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
  /**
   * Plays the approval page: waits until the frame says a request waits for the visitor, asks for it over the
   * channel as the page does, and answers. Returns what the page was shown.
   */
  async function answerApproval(approved = true): Promise<{ requestId: string; details: ApprovalDetails }> {
    const required = await nextEvent('approval:required');
    const requestId = (required.message.payload as { requestId: string }).requestId;
    channels.recovery.send({ kind: 'approval:hello', requestId });
    const { details } = await channels.recovery.nextOf('approval:show');
    channels.recovery.send({ kind: 'approval:decide', requestId, approved });
    return { requestId, details };
  }
  return { posted, deliver, request, recovery: channels.recovery, kv, nextEvent, answerApproval };
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
  it('posts frame:ready on start, to the embedding page only: never to * when it cannot name that page', () => {
    const frame = createFrame(createFakeService());
    expect(frame.posted).toHaveLength(1);
    expect(frame.posted[0]).toMatchObject({ message: { type: 'frame:ready' }, targetOrigin: HOST });
    const unnamed = createFrame(createFakeService(), createMemoryStore(), { readyOrigin: undefined });
    expect(unnamed.posted).toEqual([]);
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

    const signing = first.request('rpc:request', {
      namespace: 'eip155',
      chainId: 31337,
      method: 'personal_sign',
      params: ['Hello', user.addresses.eip155],
    });
    const { details } = await first.answerApproval();
    expect(details).toMatchObject({ kind: 'message', text: 'Hello', account: user.addresses.eip155, origin: HOST });
    const signed = await signing;
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
    const againSigning = second.request('rpc:request', {
      namespace: 'eip155',
      chainId: 31337,
      method: 'personal_sign',
      params: ['Again', user.addresses.eip155],
    });
    await second.answerApproval();
    const again = await againSigning;
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
    account.wallet = { authShare: 'AAAA', addresses: { eip155: `0x${'1'.repeat(40)}` as Hex, solana: '11111111111111111111111111111111' } };
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

describe('requests that use a key: the host page is untrusted', () => {
  /** A signed-in visitor with a new wallet, as after "I have saved it". */
  async function connected(kv: KeyValueStore = createMemoryStore()) {
    const service = createFakeService();
    const frame = createFrame(service, kv);
    const email = `${randomId().slice(0, 8)}@example.com`;
    await signIn(frame, service, email);
    const created = frame.request('wallet:create');
    await frame.recovery.nextOf('recovery:show');
    frame.recovery.send({ kind: 'recovery:saved' });
    const user = ((await created).message.payload as { user: { addresses: { eip155: Hex; solana: string } } }).user;
    return { service, frame, user, kv };
  }
  const signRequest = (frame: ReturnType<typeof createFrame>, address: string, text = 'Pay me') =>
    frame.request('rpc:request', { namespace: 'eip155', chainId: 31337, method: 'personal_sign', params: [text, address] });
  const replies = (frame: ReturnType<typeof createFrame>) => frame.posted.filter((entry) => entry.message.type.startsWith('rpc:request:'));

  it('signs nothing until the visitor approves it in the approval page, and signs that request once', async () => {
    const { frame, user } = await connected();
    let settled = false;
    const pending = signRequest(frame, user.addresses.eip155).then((reply) => {
      settled = true;
      return reply;
    });
    const required = await frame.nextEvent('approval:required');
    const { requestId, kind } = required.message.payload as { requestId: string; kind: string };
    expect(kind).toBe('message');
    expect(required.targetOrigin).toBe(HOST);
    // Whatever the host page posts, nothing approves: an approval is not a host request.
    const forged = await frame.request('approval:decide', { requestId, approved: true });
    expect(forged.message).toMatchObject({ payload: { code: 'invalid_message' } });
    // An approval page naming another request is shown nothing.
    frame.recovery.send({ kind: 'approval:hello', requestId: randomId() });
    frame.recovery.send({ kind: 'approval:decide', requestId: randomId(), approved: true });
    await flush();
    expect(frame.recovery.received.some((message) => message.kind === 'approval:show')).toBe(false);
    expect(settled).toBe(false);
    expect(replies(frame)).toEqual([]);

    frame.recovery.send({ kind: 'approval:hello', requestId });
    const shown = await frame.recovery.nextOf('approval:show');
    expect(shown.details).toMatchObject({ kind: 'message', text: 'Pay me', origin: HOST, account: user.addresses.eip155 });
    frame.recovery.send({ kind: 'approval:decide', requestId, approved: true });
    frame.recovery.send({ kind: 'approval:decide', requestId, approved: true });
    const reply = await pending;
    const signature = (reply.message.payload as { result: Hex }).result;
    expect(await verifyMessage({ address: user.addresses.eip155, message: 'Pay me', signature })).toBe(true);
    expect(await frame.recovery.nextOf('approval:done')).toEqual({ kind: 'approval:done', requestId, outcome: 'approved' });
    expect((await frame.nextEvent('approval:settled')).message.payload).toEqual({ requestId });
    await flush();
    expect(replies(frame)).toHaveLength(1);
  });

  it('a rejection, the host leaving (approval:cancel) and a sign-out each answer 4001 and sign nothing', async () => {
    const { frame, user } = await connected();
    const rejected = signRequest(frame, user.addresses.eip155);
    const { requestId } = await frame.answerApproval(false);
    expect((await rejected).message).toMatchObject({
      type: 'rpc:request:error',
      payload: { code: 4001, message: 'User rejected the request.' },
    });
    expect(await frame.recovery.nextOf('approval:done')).toEqual({ kind: 'approval:done', requestId, outcome: 'rejected' });

    const cancelled = signRequest(frame, user.addresses.eip155);
    const second = (await frame.nextEvent('approval:required')).message.payload as { requestId: string };
    expect((await frame.request('approval:cancel', { requestId: second.requestId })).message.type).toBe('approval:cancel:success');
    expect((await cancelled).message).toMatchObject({ payload: { code: 4001 } });
    // Too late: the page's answer after a cancel signs nothing.
    frame.recovery.send({ kind: 'approval:decide', requestId: second.requestId, approved: true });

    const ended = signRequest(frame, user.addresses.eip155);
    await frame.nextEvent('approval:required');
    await frame.request('signout');
    expect((await ended).message).toMatchObject({ payload: { code: 4001 } });
    await flush();
    expect(replies(frame).every((entry) => entry.message.type === 'rpc:request:error')).toBe(true);
  });

  it('after a reload, the restored session grants no signature without a fresh approval', async () => {
    const { service, user, kv } = await connected();
    const reloaded = createFrame(service, kv);
    await reloaded.request('frame:hello', { projectId: PROJECT, sdkVersion: 'x' });
    expect((await reloaded.request('session:restore')).message.type).toBe('session:restore:success');
    const pending = signRequest(reloaded, user.addresses.eip155, 'after reload');
    const { requestId } = (await reloaded.nextEvent('approval:required')).message.payload as { requestId: string };
    await flush();
    expect(replies(reloaded)).toEqual([]);
    reloaded.recovery.send({ kind: 'approval:hello', requestId });
    await reloaded.recovery.nextOf('approval:show');
    reloaded.recovery.send({ kind: 'approval:decide', requestId, approved: true });
    expect((await pending).message.type).toBe('rpc:request:success');
  });

  it("keeps the visitor's account type and the smart-account networks on its own origin, per user: answered again after a reload", async () => {
    const { service, frame, kv } = await connected();
    const preferred = await frame.request('account:preferred', { type: 'eoa' });
    expect(preferred.message).toMatchObject({ type: 'account:preferred:success', payload: { preferredAccountType: 'eoa' } });
    expect((await frame.request('user:get')).message.payload).toMatchObject({ user: { preferredAccountType: 'eoa' } });
    const networks = await frame.request('account:networks', { offered: [31337, 8453] });
    expect(networks.message).toMatchObject({ type: 'account:networks:success', payload: { smartAccountEnabledNetworks: [31337, 8453] } });
    // In the frame origin's store, under this project and user: nothing of it is the host page's.
    const [account] = [...service.accounts.values()];
    expect(await kv.get(`account:${PROJECT}:${account?.id}`)).toEqual({
      preferredAccountType: 'eoa',
      smartAccountEnabledNetworks: [31337, 8453],
    });

    const reloaded = createFrame(service, kv);
    await reloaded.request('frame:hello', { projectId: PROJECT, sdkVersion: 'x' });
    expect((await reloaded.request('session:restore')).message.payload).toMatchObject({ user: { preferredAccountType: 'eoa' } });
    await reloaded.request('account:preferred', { type: 'smartAccount' });
    expect((await reloaded.request('user:get')).message.payload).toMatchObject({ user: { preferredAccountType: 'smartAccount' } });
  });

  it('refuses the account settings without a session, and a type it does not have', async () => {
    const service = createFakeService();
    const frame = createFrame(service);
    await frame.request('frame:hello', { projectId: PROJECT, sdkVersion: 'x' });
    expect((await frame.request('account:preferred', { type: 'smartAccount' })).message).toMatchObject({
      type: 'account:preferred:error',
      payload: { code: 'not_connected' },
    });
    expect((await frame.request('account:networks', { offered: [1] })).message).toMatchObject({
      type: 'account:networks:error',
      payload: { code: 'not_connected' },
    });
    expect((await frame.request('account:preferred', { type: 'payment' })).message).toMatchObject({
      type: 'account:preferred:error',
      payload: { code: 'invalid_message' },
    });
  });

  it('refuses a malformed or foreign request at once, before asking the visitor', async () => {
    const { frame } = await connected();
    const foreign = await signRequest(frame, `0x${'2'.repeat(40)}`);
    expect(foreign.message).toMatchObject({ payload: { code: -32602 } });
    const incomplete = await frame.request('rpc:request', {
      namespace: 'eip155',
      chainId: 31337,
      method: 'eth_signTransaction',
      params: [{ to: `0x${'3'.repeat(40)}`, value: '0x1' }],
    });
    expect(incomplete.message).toMatchObject({ payload: { code: -32602, message: expect.stringContaining('must be complete') } });
    expect(frame.posted.some((entry) => entry.message.type === 'approval:required')).toBe(false);
  });
});
