import { LatchError, SOMETHING_WENT_WRONG_MESSAGE } from '@latch/kernel';
import { safeParse } from 'valibot';
import {
  type EmbeddedUser,
  FrameChannelSchema,
  type FrameRequest,
  PROTOCOL_MARKER,
  PROTOCOL_VERSION,
  parseRequest,
  randomId,
  SESSION_EXPIRED,
} from '@latch/connector-embedded/protocol';
import { createApprovals } from './approvals.js';
import type { DeviceStore, StoredSession } from './deviceStore.js';
import { deriveKeys } from './keys.js';
import { createLoginsFlows } from './loginsFlows.js';
import { type ServiceClient, ServiceReplyError } from './serviceClient.js';
import { answerWithoutKeys, type ChainState, needsKeys, prepareAnyRequest, RpcError } from './signer.js';
import { createSocialFlows, type FlowStorage, type SocialOutcome } from './socialFlows.js';
import {
  type PendingCreate,
  type PendingRecover,
  type FrameChannel,
  rebuildMaster,
  startCreate,
  startRecover,
  type WalletContext,
  walletRecord,
} from './walletFlows.js';

export type { FrameChannel } from './walletFlows.js';

/*
 * The hidden frame's message loop (PROTOCOL §2): accept only the parent window, only the origin fixed by the
 * first allowed `frame:hello`, only schema-valid messages ≤ 64 KiB; answer each request by its id, posting to
 * that origin alone. The host page is untrusted: a key-using request is signed only after the visitor approved
 * it in the approval page on this origin, and key material lives only inside that request's handler.
 */

export const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed';

/** The parts of `window.parent` the frame uses. */
export interface ParentWindow {
  postMessage(message: unknown, targetOrigin: string): void;
}

export interface ControllerOptions {
  /** Where `message` events arrive (the frame's window). */
  target: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  parent: ParentWindow;
  /** From the frame URL's `projectId`. */
  projectId: string;
  /** From the frame URL's `chainId` (eip155 reference); 1 by default (§9). */
  chainId: number;
  store: DeviceStore;
  channel: FrameChannel;
  createService(hostOrigin: string): ServiceClient;
  /**
   * Where `frame:ready` goes before the host origin is known (`location.ancestorOrigins[0]`, or the referrer's
   * origin); none when neither is known: the host then starts on the frame's load event. Never '*'.
   */
  readyOrigin: string | undefined;
  /** This frame's own origin: a sign-in popup of the same origin asks it for a start token. */
  ownOrigin: string;
  /** Keeps a social sign-in's verifier across the redirect fallback: the frame origin's sessionStorage. */
  flowStorage?: FlowStorage;
  /** How often a pending social or Farcaster claim is asked again (1 s). */
  claimPollMs?: number;
}

/** An error reply's payload. */
class FrameFailure extends LatchError {
  override readonly name: string = 'FrameFailure';
  declare readonly code: string | number;
  readonly retryAfter?: number;
  constructor(code: string | number, message: string, retryAfter?: number) {
    super(message, { category: 'CONNECTOR_ERROR', code });
    this.retryAfter = retryAfter;
  }
}

const notConnected = () => new FrameFailure('not_connected', 'The embedded wallet is not connected');

export function startController(options: ControllerOptions): { stop(): void } {
  const { parent, store, channel, projectId } = options;
  let hostOrigin: string | undefined;
  let refused = false;
  let service: ServiceClient | undefined;
  let session: StoredSession | undefined;
  let user: EmbeddedUser | undefined;
  let pendingEmail: string | undefined;
  let pendingCreate: PendingCreate | undefined;
  let pendingRecover: PendingRecover | undefined;
  const chain: ChainState = { eip155ChainId: options.chainId };
  const flows = createSocialFlows({ service: () => service!, storage: options.flowStorage, pollMs: options.claimPollMs });

  const post = (message: object, targetOrigin: string) => parent.postMessage(message, targetOrigin);
  const envelope = (id: string, type: string, payload: object) => ({ latch: PROTOCOL_MARKER, v: PROTOCOL_VERSION, id, type, payload });
  const emit = (type: string, targetOrigin: string, payload: object = {}) => post(envelope(randomId(), type, payload), targetOrigin);
  const approvals = createApprovals({
    channel,
    emit: (type: string, payload: object) => {
      if (hostOrigin) emit(type, hostOrigin, payload);
    },
  });
  const logins = createLoginsFlows({ channel, service: () => service, token: () => session?.token, flows });

  const context = (): WalletContext => ({ store, channel, service: service!, projectId });

  function requireSession(): StoredSession {
    if (!session) throw notConnected();
    return session;
  }

  async function endSession(): Promise<void> {
    session = undefined;
    user = undefined;
    approvals.cancelAll();
    await store.clearSession(projectId);
  }

  /** Maps a thrown error to a reply payload; a 401 ends the session and tells the host. */
  async function toErrorPayload(error: unknown): Promise<{ message: string; code?: string | number; retryAfter?: number }> {
    if (error instanceof ServiceReplyError && error.status === 401 && session) {
      await endSession();
      if (hostOrigin) emit('session:expired', hostOrigin);
      return { code: 'session_expired', message: SESSION_EXPIRED };
    }
    if (error instanceof FrameFailure || error instanceof ServiceReplyError) {
      return { code: error.code, message: error.message, ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}) };
    }
    if (error instanceof RpcError) return { code: error.code, message: error.message };
    return { code: 'internal', message: SOMETHING_WENT_WRONG_MESSAGE };
  }

  /** The §3 user of a session: its e-mail, addresses and, after a social login, the provider. */
  const userOf = (active: StoredSession, addresses: EmbeddedUser['addresses']): EmbeddedUser => ({
    email: active.email,
    addresses,
    ...(active.social ? { social: active.social as EmbeddedUser['social'] } : {}),
  });

  /** A new session (code, social or Farcaster sign-in): stored, then answered as PROTOCOL §2 `email:otp`. */
  async function startSession(next: StoredSession): Promise<object> {
    session = next;
    await store.saveSession(projectId, session);
    const action = await connectDevice(session);
    return action === 'CONNECT' ? { action, user } : { action };
  }

  /** A claimed social or Farcaster session: who it is, from the service. */
  async function socialSession(outcome: SocialOutcome | { token: string; provider: 'farcaster' }): Promise<object> {
    if (!('token' in outcome)) throw new FrameFailure('invalid_request', 'This sign-in did not start a session');
    const { token, provider } = outcome;
    const account = await service!.getSessionUser(token);
    const social = { provider, ...(account.name ? { username: account.name } : {}) };
    return startSession({ token, userId: account.id, email: account.email, social });
  }

  /** Whether this device can sign for the session's wallet; sets `user` when it can. */
  async function connectDevice(active: StoredSession): Promise<'CONNECT' | 'CREATE' | 'RECOVER'> {
    const record = await walletRecord(context(), active);
    if (!record) return 'CREATE';
    const master = await rebuildMaster(context(), active, record);
    if (!master) return 'RECOVER';
    master.fill(0);
    user = await withPreferences(active, userOf(active, record));
    return 'CONNECT';
  }

  /** The user with the account type the visitor chose on this device, when they did. */
  async function withPreferences(active: StoredSession, base: EmbeddedUser): Promise<EmbeddedUser> {
    const { preferredAccountType } = await store.loadPreferences(projectId, active.userId);
    return preferredAccountType ? { ...base, preferredAccountType } : base;
  }

  async function handle(request: FrameRequest, origin: string): Promise<object> {
    switch (request.type) {
      case 'frame:hello':
        return hello(request.payload.projectId, origin);
      case 'email:connect':
        await service!.sendOtp(request.payload.email);
        pendingEmail = request.payload.email;
        return { action: 'VERIFY_OTP' };
      case 'email:otp': {
        if (!pendingEmail) throw new FrameFailure('no_email', 'Enter your e-mail address first');
        const signedIn = await service!.signIn(pendingEmail, request.payload.otp);
        pendingEmail = undefined;
        return startSession({ token: signedIn.token, userId: signedIn.user.id, email: signedIn.user.email });
      }
      case 'wallet:create': {
        const active = requireSession();
        if (await walletRecord(context(), active)) throw new FrameFailure('wallet_exists', 'This account already has a wallet');
        pendingCreate ??= startCreate(context(), active);
        const current = pendingCreate;
        try {
          user = userOf(active, await current.result);
          return { user };
        } finally {
          if (pendingCreate === current) pendingCreate = undefined;
        }
      }
      case 'wallet:recover:ready': {
        const active = requireSession();
        const record = await walletRecord(context(), active);
        if (!record) throw new FrameFailure('no_wallet', 'This account has no wallet to recover');
        pendingRecover ??= startRecover(context(), active, record);
        channel.postMessage({ kind: 'recovery:ask' });
        const current = pendingRecover;
        try {
          await current.result;
          user = await withPreferences(active, userOf(active, record));
          return { user };
        } finally {
          if (pendingRecover === current) pendingRecover = undefined;
        }
      }
      case 'session:restore': {
        session ??= await store.loadSession(projectId);
        if (!session) throw notConnected();
        if ((await connectDevice(session)) !== 'CONNECT') throw notConnected();
        return { user };
      }
      case 'user:get':
        if (!user) throw notConnected();
        return { user };
      case 'rpc:request':
        return rpc(request.payload);
      case 'social:start': {
        const { provider, returnTo } = request.payload;
        if (returnTo && new URL(returnTo).origin !== hostOrigin)
          throw new FrameFailure('invalid_request', 'returnTo must be a page of the host origin');
        return flows.startSocial(provider, returnTo);
      }
      case 'social:wait':
        return socialSession(await flows.waitSocial(request.payload.intentId, { code: request.payload.code }));
      case 'social:cancel':
        await flows.cancelSocial(request.payload.intentId);
        return {};
      case 'farcaster:start':
        return flows.startFarcaster();
      case 'farcaster:wait':
        return socialSession({ token: await flows.waitFarcaster(request.payload.channelId), provider: 'farcaster' });
      case 'farcaster:cancel':
        await flows.cancelFarcaster(request.payload.channelId);
        return {};
      case 'signout': {
        const token = session?.token;
        await endSession();
        if (token) await service!.signOut(token).catch(() => undefined);
        return {};
      }
      case 'approval:cancel':
        approvals.cancel(request.payload.requestId);
        return {};
      // The §3 settings the embedded wallet keeps on its own origin: the page declares where it offers the smart
      // account (its bundlers), and the visitor's account-type choice is stored here, per project and user.
      case 'account:networks': {
        const active = requireSession();
        const saved = await store.savePreferences(projectId, active.userId, { smartAccountEnabledNetworks: request.payload.offered });
        return { smartAccountEnabledNetworks: saved.smartAccountEnabledNetworks ?? [] };
      }
      case 'account:preferred': {
        const active = requireSession();
        if (!user) throw notConnected();
        const { type } = request.payload;
        await store.savePreferences(projectId, active.userId, { preferredAccountType: type });
        user = { ...user, preferredAccountType: type };
        return { preferredAccountType: type };
      }
    }
  }

  /** A key-using request: checked, shown in the approval page, and signed only once the visitor approved it there. */
  async function rpc(call: Extract<FrameRequest, { type: 'rpc:request' }>['payload']): Promise<object> {
    if (!user) throw new RpcError(4100, 'The embedded wallet is not connected');
    const direct = answerWithoutKeys(call, user.addresses, chain);
    if (direct) return direct;
    if (!needsKeys(call)) throw new RpcError(4200, `The embedded wallet does not support ${call.method}`);
    const signer = user;
    const prepared = await prepareAnyRequest(call, signer.addresses, chain);
    const account = call.namespace === 'eip155' ? signer.addresses.eip155 : signer.addresses.solana;
    const { requestId, approved } = approvals.ask(prepared.details({ account, origin: hostOrigin as string }));
    await approved;
    try {
      const active = requireSession();
      const master = await rebuildMaster(context(), active, signer.addresses);
      if (!master)
        throw new FrameFailure('no_device_share', 'This device cannot sign for this wallet: recover it with your recovery secret');
      const keys = deriveKeys(master);
      master.fill(0);
      try {
        const result = { result: await prepared.sign(keys) };
        approvals.finish(requestId, 'approved');
        return result;
      } finally {
        keys.solanaSeed.fill(0);
      }
    } catch (error) {
      approvals.finish(requestId, 'failed');
      throw error;
    }
  }

  async function hello(requested: string, origin: string): Promise<object> {
    if (requested !== projectId) throw new FrameFailure('invalid_project', 'Invalid Project ID');
    if (hostOrigin === origin) return { allowed: true };
    const candidate = options.createService(origin);
    const project = await candidate.getProject();
    if (!project.allowedOrigins.includes(origin)) {
      refused = true;
      throw new FrameFailure('origin_not_allowed', ORIGIN_NOT_ALLOWED);
    }
    hostOrigin = origin;
    service = candidate;
    return { allowed: true };
  }

  async function respond(request: FrameRequest, origin: string): Promise<void> {
    try {
      const payload = await handle(request, origin);
      post(envelope(request.id, `${request.type}:success`, payload), origin);
    } catch (error) {
      post(envelope(request.id, `${request.type}:error`, await toErrorPayload(error)), origin);
    }
  }

  /** A sign-in popup of this origin asks for the start token of an intent this frame made (PROTOCOL §2). */
  function answerStartTokenRequest(event: MessageEvent): boolean {
    const data = event.data as { latch?: unknown; kind?: unknown; intentId?: unknown } | null;
    if (event.origin !== options.ownOrigin || data?.latch !== 'embedded-social' || data.kind !== 'start-token-request') return false;
    const startToken = typeof data.intentId === 'string' ? flows.takeStartToken(data.intentId) : undefined;
    if (startToken && event.source && 'postMessage' in event.source)
      (event.source as Window).postMessage(
        { latch: 'embedded-social', kind: 'start-token', intentId: data.intentId, startToken },
        options.ownOrigin,
      );
    return true;
  }

  function onMessage(event: MessageEvent): void {
    if (answerStartTokenRequest(event)) return;
    if (event.source !== (parent as unknown) || refused) return;
    if (hostOrigin !== undefined && event.origin !== hostOrigin) return;
    const parsed = parseRequest(event.data);
    if (!parsed.ok) {
      const { id, type, code, message } = parsed.error;
      if (id) post(envelope(id, `${type ?? 'unknown'}:error`, { code, message }), event.origin);
      return;
    }
    const request = parsed.message;
    if (hostOrigin === undefined && request.type !== 'frame:hello') {
      post(
        envelope(request.id, `${request.type}:error`, { code: 'not_ready', message: 'The embedded wallet needs frame:hello first' }),
        event.origin,
      );
      return;
    }
    void respond(request, event.origin);
  }

  function onChannel(event: MessageEvent): void {
    const parsed = safeParse(FrameChannelSchema, event.data);
    if (!parsed.success) return;
    const message = parsed.output;
    if (message.kind.startsWith('approval:')) approvals.onChannel(message);
    else if (message.kind.startsWith('logins:')) void logins.onChannel(message);
    else if (message.kind === 'recovery:hello') {
      if (pendingCreate?.secret) channel.postMessage({ kind: 'recovery:show', secret: pendingCreate.secret });
      else if (pendingRecover) channel.postMessage({ kind: 'recovery:ask' });
    } else if (message.kind === 'recovery:saved') {
      pendingCreate?.confirm();
    } else if (message.kind === 'recovery:entered') {
      pendingRecover?.attempt(message.secret);
    }
  }

  options.target.addEventListener('message', onMessage as EventListener);
  channel.addEventListener('message', onChannel);
  if (options.readyOrigin) emit('frame:ready', options.readyOrigin);
  return {
    stop() {
      options.target.removeEventListener('message', onMessage as EventListener);
      channel.removeEventListener('message', onChannel);
      approvals.cancelAll();
    },
  };
}
