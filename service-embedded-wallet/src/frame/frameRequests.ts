import type { FrameRequest } from '@latch/connector-embedded/protocol';
import { answerWithoutKeys, deriveKeys, needsKeys, prepareAnyRequest, RpcError } from '@latch/embedded-wallet-frame';
import {
  connectDevice,
  endSession,
  FrameFailure,
  type FrameState,
  notConnected,
  ORIGIN_NOT_ALLOWED,
  requireSession,
  socialSession,
  startSession,
  userOf,
  walletContext,
  withPreferences,
} from './frameState.js';
import { rebuildMaster, startCreate, startRecover, walletRecord } from './walletFlows.js';

/*
 * The frame's answer to each PROTOCOL §2 request of the host, by type: sign-in, the wallet's creation and
 * recovery, social and Farcaster sign-in, signing (after the visitor's approval) and the account settings.
 */

type RequestOf<T extends FrameRequest['type']> = Extract<FrameRequest, { type: T }>;

async function hello(state: FrameState, requested: string, origin: string): Promise<object> {
  if (requested !== state.options.projectId) throw new FrameFailure('invalid_project', 'Invalid Project ID');
  if (state.hostOrigin === origin) return { allowed: true };
  const candidate = state.options.createService(origin);
  const project = await candidate.getProject();
  if (!project.allowedOrigins.includes(origin)) {
    state.refused = true;
    throw new FrameFailure('origin_not_allowed', ORIGIN_NOT_ALLOWED);
  }
  state.hostOrigin = origin;
  state.service = candidate;
  return { allowed: true };
}

async function createWallet(state: FrameState): Promise<object> {
  const active = requireSession(state);
  if (await walletRecord(walletContext(state), active)) throw new FrameFailure('wallet_exists', 'This account already has a wallet');
  state.pendingCreate ??= startCreate(walletContext(state), active);
  const current = state.pendingCreate;
  try {
    state.user = userOf(active, await current.result);
    return { user: state.user };
  } finally {
    if (state.pendingCreate === current) state.pendingCreate = undefined;
  }
}

async function recoverWallet(state: FrameState): Promise<object> {
  const active = requireSession(state);
  const record = await walletRecord(walletContext(state), active);
  if (!record) throw new FrameFailure('no_wallet', 'This account has no wallet to recover');
  state.pendingRecover ??= startRecover(walletContext(state), active, record);
  state.options.channel.postMessage({ kind: 'recovery:ask' });
  const current = state.pendingRecover;
  try {
    await current.result;
    state.user = await withPreferences(state, active, userOf(active, record));
    return { user: state.user };
  } finally {
    if (state.pendingRecover === current) state.pendingRecover = undefined;
  }
}

/** A key-using request: checked, shown in the approval page, and signed only once the visitor approved it there. */
async function rpc(state: FrameState, call: RequestOf<'rpc:request'>['payload']): Promise<object> {
  const { user, chain, approvals } = state;
  if (!user) throw new RpcError(4100, 'The embedded wallet is not connected');
  const direct = answerWithoutKeys(call, user.addresses, chain);
  if (direct) return direct;
  if (!needsKeys(call)) throw new RpcError(4200, `The embedded wallet does not support ${call.method}`);
  const prepared = await prepareAnyRequest(call, user.addresses, chain);
  const account = call.namespace === 'eip155' ? user.addresses.eip155 : user.addresses.solana;
  const { requestId, approved } = approvals.ask(prepared.details({ account, origin: state.hostOrigin as string }));
  await approved;
  try {
    const active = requireSession(state);
    const master = await rebuildMaster(walletContext(state), active, user.addresses);
    if (!master) throw new FrameFailure('no_device_share', 'This device cannot sign for this wallet: recover it with your recovery secret');
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

/** Social and Farcaster sign-in, run by the frame's flows (socialFlows.ts). */
async function socialRequest(
  state: FrameState,
  request: RequestOf<'social:start' | 'social:wait' | 'social:cancel' | 'farcaster:start' | 'farcaster:wait' | 'farcaster:cancel'>,
): Promise<object> {
  const { flows } = state;
  switch (request.type) {
    case 'social:start': {
      const { provider, returnTo } = request.payload;
      if (returnTo && new URL(returnTo).origin !== state.hostOrigin)
        throw new FrameFailure('invalid_request', 'returnTo must be a page of the host origin');
      return flows.startSocial(provider, returnTo);
    }
    case 'social:wait':
      return socialSession(state, await flows.waitSocial(request.payload.intentId, { code: request.payload.code }));
    case 'social:cancel':
      await flows.cancelSocial(request.payload.intentId);
      return {};
    case 'farcaster:start':
      return flows.startFarcaster();
    case 'farcaster:wait':
      return socialSession(state, { token: await flows.waitFarcaster(request.payload.channelId), provider: 'farcaster' });
    case 'farcaster:cancel':
      await flows.cancelFarcaster(request.payload.channelId);
      return {};
  }
}

// The §3 settings the embedded wallet keeps on its own origin: the page declares where it offers the smart
// account (its bundlers), and the visitor's account-type choice is stored here, per project and user.
async function accountRequest(state: FrameState, request: RequestOf<'account:networks' | 'account:preferred'>): Promise<object> {
  const { store, projectId } = state.options;
  const active = requireSession(state);
  if (request.type === 'account:networks') {
    const saved = await store.savePreferences(projectId, active.userId, { smartAccountEnabledNetworks: request.payload.offered });
    return { smartAccountEnabledNetworks: saved.smartAccountEnabledNetworks ?? [] };
  }
  if (!state.user) throw notConnected();
  const { type } = request.payload;
  await store.savePreferences(projectId, active.userId, { preferredAccountType: type });
  state.user = { ...state.user, preferredAccountType: type };
  return { preferredAccountType: type };
}

/** The answer to one request of the host page (its payload on success; a throw is its error). */
export async function handleRequest(state: FrameState, request: FrameRequest, origin: string): Promise<object> {
  switch (request.type) {
    case 'frame:hello':
      return hello(state, request.payload.projectId, origin);
    case 'email:connect':
      await state.service!.sendOtp(request.payload.email);
      state.pendingEmail = request.payload.email;
      return { action: 'VERIFY_OTP' };
    case 'email:otp': {
      if (!state.pendingEmail) throw new FrameFailure('no_email', 'Enter your e-mail address first');
      const signedIn = await state.service!.signIn(state.pendingEmail, request.payload.otp);
      state.pendingEmail = undefined;
      return startSession(state, { token: signedIn.token, userId: signedIn.user.id, email: signedIn.user.email });
    }
    case 'wallet:create':
      return createWallet(state);
    case 'wallet:recover:ready':
      return recoverWallet(state);
    case 'session:restore': {
      state.session ??= await state.options.store.loadSession(state.options.projectId);
      if (!state.session) throw notConnected();
      if ((await connectDevice(state, state.session)) !== 'CONNECT') throw notConnected();
      return { user: state.user };
    }
    case 'user:get':
      if (!state.user) throw notConnected();
      return { user: state.user };
    case 'rpc:request':
      return rpc(state, request.payload);
    case 'social:start':
    case 'social:wait':
    case 'social:cancel':
    case 'farcaster:start':
    case 'farcaster:wait':
    case 'farcaster:cancel':
      return socialRequest(state, request);
    case 'signout': {
      const token = state.session?.token;
      await endSession(state);
      if (token) await state.service!.signOut(token).catch(() => undefined);
      return {};
    }
    case 'approval:cancel':
      state.approvals.cancel(request.payload.requestId);
      return {};
    case 'account:networks':
    case 'account:preferred':
      return accountRequest(state, request);
  }
}
