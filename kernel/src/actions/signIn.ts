/*
 * §4 sign-in flow, a chunk of its own: loaded only when `siwx` is configured and a visitor connects.
 */
import type { KernelContext } from '../context.js';
import { isUserRejection } from '../errors/codes.js';
import { LatchError } from '../primitives.js';
import { SMART_ACCOUNTS_UNSUPPORTED_MESSAGE } from '../errors/messages.js';
import {
  NO_ACTIVE_CAIP_ADDRESS_MESSAGE,
  NO_ACTIVE_CAIP_NETWORK_OR_CLIENT_MESSAGE,
  SIGNATURE_DECLINED_MESSAGE,
  SIWX_NOT_ENABLED_MESSAGE,
  walletSignedAnotherMessage,
} from '../errors/signInMessages.js';
import type { SiwxAccount, SiwxConfig, SiwxMessageToSign, SiwxNamespaceAccount } from '../options.js';
import { activeNamespaceAtom } from '../state/atoms.js';
import type { CapabilityName } from '../plugins/ChainAdapter.js';
import type { ChainNamespace } from '../types.js';
import { capabilityOf, getAccount, reportError } from './accountState.js';
import { connectedNamespaces } from './connectionStatus.js';
import { disconnectNow } from './disconnectCore.js';
import { closeModal, openModal } from './modal.js';
import { getNetworkState } from './networkState.js';
import { resetView } from './router.js';
import { signMessage } from './sign.js';
import { showSnack } from './snackbar.js';

/** An adapter's `<namespace>:signIn` capability: the wallet writes and signs the sign-in text from its fields. */
interface WalletSignIn {
  signIn(fields: Readonly<Record<string, unknown>>): Promise<{ message: string; signature: string }>;
}

function walletSignIn(ctx: KernelContext, ns: ChainNamespace): WalletSignIn | undefined {
  const capability = capabilityOf(ctx, ns, `${ns}:signIn` as CapabilityName) as unknown as WalletSignIn | undefined;
  return typeof capability?.signIn === 'function' ? capability : undefined;
}

/** A message ready for the visitor to sign, for the account and namespace it was made for. */
export interface SignInRequest extends SiwxAccount, SiwxMessageToSign {
  namespace: ChainNamespace;
}

function siwxOf(ctx: KernelContext): SiwxConfig {
  const siwx = ctx.options.siwx;
  if (!siwx) throw new LatchError(SIWX_NOT_ENABLED_MESSAGE, { category: 'VALIDATION_ERROR' });
  return siwx;
}

/** The active namespace's connected account on a network the app supports, or undefined. */
function accountToSignIn(ctx: KernelContext, ns: ChainNamespace | undefined): (SiwxAccount & { namespace: ChainNamespace }) | undefined {
  if (!ns) return undefined;
  const account = getAccount(ctx, ns);
  const network = getNetworkState(ctx, ns);
  if (account.status !== 'connected' || !account.address || network.isUnsupported || !network.caipNetwork) return undefined;
  return { namespace: ns, caipNetworkId: network.caipNetwork.caipNetworkId, address: account.address };
}

/**
 * §4: with `siwx` configured, a connected account on a supported network that no session covers
 * opens SIWXSignMessage. Resolves whether it did.
 */
export async function requestSignIn(ctx: KernelContext): Promise<boolean> {
  const siwx = ctx.options.siwx;
  const target = accountToSignIn(ctx, ctx.store.get(activeNamespaceAtom));
  if (!siwx || !target) return false;
  let sessions: readonly unknown[] = [];
  try {
    sessions = await siwx.getSessions(target.caipNetworkId, target.address);
  } catch (err) {
    // An unreadable session store asks again: signing in is how the visitor gets a session.
    reportError(ctx, err, 'SIWX_GET_SESSIONS_ERROR');
  }
  const now = accountToSignIn(ctx, ctx.store.get(activeNamespaceAtom));
  // The account or network changed meanwhile: the change asks again for itself.
  if (now?.address !== target.address || now.caipNetworkId !== target.caipNetworkId) return false;
  watchSessions(ctx, target.namespace, sessions);
  if (sessions.length > 0) return false;
  openModal(ctx, { view: 'SIWXSignMessage', data: { namespace: target.namespace } });
  return true;
}

/** When a session ends (ms): its `expiresAt`, else its message's Expiration Time; NaN when it says neither. */
function sessionEnd(session: unknown): number {
  const { expiresAt, data } = (session ?? {}) as { expiresAt?: unknown; data?: { expirationTime?: unknown } };
  const end = typeof expiresAt === 'string' ? expiresAt : data?.expirationTime;
  return typeof end === 'string' ? Date.parse(end) : Number.NaN;
}

/** setTimeout's longest wait; a later end is checked again then. */
const LONGEST_WAIT_MS = 2 ** 31 - 1;
/** An end already past by this clock while the server still honours it (clocks differ): look again this much later. */
const RECHECK_MS = 30_000;

/** §4: while the visitor stays connected, asks again when the last session covering the active account ends. */
function watchSessions(ctx: KernelContext, namespace: ChainNamespace, sessions: readonly unknown[]): void {
  stopWatching(ctx);
  const ends = sessions.map(sessionEnd).filter(Number.isFinite);
  if (ends.length === 0) return;
  const wait = Math.max(...ends) - ctx.now();
  const cancel = ctx.later(wait > 0 ? Math.min(wait, LONGEST_WAIT_MS) : RECHECK_MS, () => {
    ctx.pending.signInExpiry = undefined;
    void requestSignIn(ctx);
  });
  ctx.pending.signInExpiry = { namespace, cancel };
}

/** Stops the expiry timer (only if it watches one of `namespaces`, when given). */
function stopWatching(ctx: KernelContext, namespaces?: readonly ChainNamespace[]): void {
  const watch = ctx.pending.signInExpiry;
  if (!watch || (namespaces && !namespaces.includes(watch.namespace))) return;
  watch.cancel();
  ctx.pending.signInExpiry = undefined;
}

/**
 * §4 disconnect: these accounts' sign-in sessions end; the accounts still connected keep theirs. With
 * nothing left connected, `setSessions([])` signs the visitor out; otherwise `revokeSessions` names the
 * accounts, or, for a config without it, `setSessions` keeps what the connected accounts' sessions are.
 */
export async function forgetSignIns(ctx: KernelContext, accounts: readonly SiwxNamespaceAccount[]): Promise<void> {
  const siwx = ctx.options.siwx;
  stopWatching(
    ctx,
    accounts.map((account) => account.namespace),
  );
  if (!siwx || accounts.length === 0) return;
  const still = connectedNamespaces(ctx);
  if (still.length === 0 && siwx.setSessions) return siwx.setSessions([]);
  if (siwx.revokeSessions) return siwx.revokeSessions(accounts);
  if (!siwx.setSessions) return;
  const kept = await Promise.all(
    still.flatMap((ns) => {
      const address = getAccount(ctx, ns).address;
      const network = getNetworkState(ctx, ns).caipNetwork;
      return address && network ? [siwx.getSessions(network.caipNetworkId, address)] : [];
    }),
  );
  await siwx.setSessions(kept.flat());
}

/** A wallet that writes the sign-in text itself must have written it for this account and this site. */
function assertSignedFor(request: SignInRequest, message: string): void {
  const [header = '', address] = message.split('\n', 2);
  const domain = /^(?:[a-zA-Z][a-zA-Z0-9+.-]*:\/\/)?(\S+) wants you to sign in with your .+ account:$/.exec(header)?.[1];
  if (domain !== request.domain || address !== request.address) {
    throw new LatchError(walletSignedAnotherMessage(request, { domain, address }), { category: 'VALIDATION_ERROR' });
  }
}

/** The message for the active account (§8 errors when there is none to sign with). */
export async function prepareSignIn(ctx: KernelContext): Promise<SignInRequest> {
  const siwx = siwxOf(ctx);
  const ns = ctx.store.get(activeNamespaceAtom);
  const target = accountToSignIn(ctx, ns);
  if (!ns || !getAccount(ctx, ns).address) throw new LatchError(NO_ACTIVE_CAIP_ADDRESS_MESSAGE, { category: 'CONNECTOR_ERROR' });
  if (!target || !(capabilityOf(ctx, ns, 'signMessage') || walletSignIn(ctx, ns)))
    throw new LatchError(NO_ACTIVE_CAIP_NETWORK_OR_CLIENT_MESSAGE, { category: 'CONNECTOR_ERROR' });
  const { caipNetworkId, address, namespace } = target;
  return { ...(await siwx.createMessage({ caipNetworkId, address })), caipNetworkId, address, namespace };
}

/** Whether the account signing in is a smart account (its type as the session or its wallet reports it). */
function signsAsSmartAccount(ctx: KernelContext, request: SignInRequest): boolean {
  return getAccount(ctx, request.namespace).allAccounts.some((entry) => entry.address === request.address && entry.type === 'smartAccount');
}

/**
 * Signs the message through the namespace's `signMessage` capability (or the wallet's own sign-in,
 * `<namespace>:signIn`, given the fields) and stores the session, then closes. §8: a decline shows
 * 'Signature declined' and keeps the visitor connected; it rejects. With a smart account, any other failure (the
 * wallet could not sign, or the app did not accept the signature: a verifier without ERC-1271 / ERC-6492) shows
 * 'This application might not support Smart Accounts'.
 */
export async function signIn(ctx: KernelContext, request: SignInRequest): Promise<void> {
  const siwx = siwxOf(ctx);
  const own = request.fields && walletSignIn(ctx, request.namespace);
  let signed: { message: string; signature: string };
  try {
    signed = own
      ? await own.signIn(request.fields!).catch((err: unknown) => {
          throw reportError(ctx, err, 'SIGN_MESSAGE_ERROR');
        })
      : { message: request.message, signature: await signMessage(ctx, request.message, request.namespace) };
  } catch (err) {
    if (isUserRejection(err)) void showSnack(ctx, SIGNATURE_DECLINED_MESSAGE, 'error');
    else if (signsAsSmartAccount(ctx, request)) void showSnack(ctx, SMART_ACCOUNTS_UNSUPPORTED_MESSAGE, 'error');
    throw err;
  }
  const { caipNetworkId, address } = request;
  const { message, signature } = signed;
  let stored: unknown;
  try {
    // Nothing reaches the server that names another account or site.
    if (own) assertSignedFor(request, message);
    stored = await siwx.addSession({ caipNetworkId, address, message, signature });
  } catch (err) {
    if (signsAsSmartAccount(ctx, request)) void showSnack(ctx, SMART_ACCOUNTS_UNSUPPORTED_MESSAGE, 'error');
    throw reportError(ctx, err, 'SIWX_ADD_SESSION_ERROR');
  }
  closeModal(ctx, { force: true });
  const sessions = stored === undefined ? await siwx.getSessions(caipNetworkId, address).catch(() => []) : [stored];
  watchSessions(ctx, request.namespace, sessions);
}

/**
 * §4 cancel: disconnects when sign-in is required, else closes; then resets to Connect. The disconnect is
 * disconnectCore.ts's, given this chunk's own sign-out: disconnect.ts loads this chunk, so importing it would be a cycle.
 */
export async function cancelSignIn(ctx: KernelContext): Promise<void> {
  if (siwxOf(ctx).required) await disconnectNow(ctx, undefined, forgetSignIns).catch(() => undefined);
  else closeModal(ctx, { force: true });
  resetView(ctx, 'Connect');
}
