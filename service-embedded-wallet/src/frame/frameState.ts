import { LatchError, SOMETHING_WENT_WRONG_MESSAGE } from '@latch/kernel';
import { type EmbeddedUser, PROTOCOL_MARKER, PROTOCOL_VERSION, randomId, SESSION_EXPIRED } from '@latch/connector-embedded/protocol';
import type { createApprovals } from './approvals.js';
import type { DeviceStore, StoredSession } from './deviceStore.js';
import type { createLoginsFlows } from './loginsFlows.js';
import { type ServiceClient, ServiceReplyError } from './serviceClient.js';
import { type ChainState, RpcError } from '@latch/embedded-wallet-frame';
import type { createSocialFlows, FlowStorage, SocialOutcome } from './socialFlows.js';
import {
  type FrameChannel,
  type PendingCreate,
  type PendingRecover,
  rebuildMaster,
  type WalletContext,
  walletRecord,
} from './walletFlows.js';

/*
 * The hidden frame's state and its session: who the host is, who is signed in on this device, the wallet flows
 * under way. The message loop (controller.ts) and the request handlers (frameRequests.ts) work on one such state.
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
export class FrameFailure extends LatchError {
  override readonly name: string = 'FrameFailure';
  declare readonly code: string | number;
  readonly retryAfter?: number;
  constructor(code: string | number, message: string, retryAfter?: number) {
    super(message, { category: 'CONNECTOR_ERROR', code });
    this.retryAfter = retryAfter;
  }
}

export const notConnected = () => new FrameFailure('not_connected', 'The embedded wallet is not connected');

/** One frame's state: fixed by its options, then by the host's `frame:hello`, then by the visitor's sign-in. */
export interface FrameState {
  readonly options: ControllerOptions;
  /** The host page's origin, once a `frame:hello` from an allowed origin fixed it. */
  hostOrigin?: string;
  /** A `frame:hello` came from an origin the project does not allow: the frame answers nothing more. */
  refused: boolean;
  /** The service client for the host origin (set with `hostOrigin`). */
  service?: ServiceClient;
  session?: StoredSession;
  user?: EmbeddedUser;
  pendingEmail?: string;
  pendingCreate?: PendingCreate;
  pendingRecover?: PendingRecover;
  readonly chain: ChainState;
  readonly flows: ReturnType<typeof createSocialFlows>;
  readonly approvals: ReturnType<typeof createApprovals>;
  readonly logins: ReturnType<typeof createLoginsFlows>;
}

export const post = ({ options }: FrameState, message: object, targetOrigin: string) => options.parent.postMessage(message, targetOrigin);
export const envelope = (id: string, type: string, payload: object) => ({ latch: PROTOCOL_MARKER, v: PROTOCOL_VERSION, id, type, payload });
export const emit = (state: FrameState, type: string, targetOrigin: string, payload: object = {}) =>
  post(state, envelope(randomId(), type, payload), targetOrigin);

export const walletContext = ({ options, service }: FrameState): WalletContext => ({
  store: options.store,
  channel: options.channel,
  service: service!,
  projectId: options.projectId,
});

export function requireSession({ session }: FrameState): StoredSession {
  if (!session) throw notConnected();
  return session;
}

export async function endSession(state: FrameState): Promise<void> {
  state.session = undefined;
  state.user = undefined;
  state.approvals.cancelAll();
  await state.options.store.clearSession(state.options.projectId);
}

/** Maps a thrown error to a reply payload; a 401 ends the session and tells the host. */
export async function toErrorPayload(
  state: FrameState,
  error: unknown,
): Promise<{ message: string; code?: string | number; retryAfter?: number }> {
  if (error instanceof ServiceReplyError && error.status === 401 && state.session) {
    await endSession(state);
    if (state.hostOrigin) emit(state, 'session:expired', state.hostOrigin);
    return { code: 'session_expired', message: SESSION_EXPIRED };
  }
  if (error instanceof FrameFailure || error instanceof ServiceReplyError) {
    return { code: error.code, message: error.message, ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}) };
  }
  if (error instanceof RpcError) return { code: error.code, message: error.message };
  return { code: 'internal', message: SOMETHING_WENT_WRONG_MESSAGE };
}

/** The §3 user of a session: its e-mail, addresses and, after a social login, the provider. */
export const userOf = (active: StoredSession, addresses: EmbeddedUser['addresses']): EmbeddedUser => ({
  email: active.email,
  addresses,
  ...(active.social ? { social: active.social as EmbeddedUser['social'] } : {}),
});

/** A new session (code, social or Farcaster sign-in): stored, then answered as PROTOCOL §2 `email:otp`. */
export async function startSession(state: FrameState, next: StoredSession): Promise<object> {
  state.session = next;
  await state.options.store.saveSession(state.options.projectId, next);
  const action = await connectDevice(state, state.session as StoredSession);
  return action === 'CONNECT' ? { action, user: state.user } : { action };
}

/** A claimed social or Farcaster session: who it is, from the service. */
export async function socialSession(state: FrameState, outcome: SocialOutcome | { token: string; provider: 'farcaster' }): Promise<object> {
  if (!('token' in outcome)) throw new FrameFailure('invalid_request', 'This sign-in did not start a session');
  const { token, provider } = outcome;
  const account = await state.service!.getSessionUser(token);
  const social = { provider, ...(account.name ? { username: account.name } : {}) };
  return startSession(state, { token, userId: account.id, email: account.email, social });
}

/** Whether this device can sign for the session's wallet; sets `user` when it can. */
export async function connectDevice(state: FrameState, active: StoredSession): Promise<'CONNECT' | 'CREATE' | 'RECOVER'> {
  const record = await walletRecord(walletContext(state), active);
  if (!record) return 'CREATE';
  const master = await rebuildMaster(walletContext(state), active, record);
  if (!master) return 'RECOVER';
  master.fill(0);
  state.user = await withPreferences(state, active, userOf(active, record));
  return 'CONNECT';
}

/** The user with the account type the visitor chose on this device, when they did. */
export async function withPreferences(state: FrameState, active: StoredSession, base: EmbeddedUser): Promise<EmbeddedUser> {
  const { preferredAccountType } = await state.options.store.loadPreferences(state.options.projectId, active.userId);
  return preferredAccountType ? { ...base, preferredAccountType } : base;
}
