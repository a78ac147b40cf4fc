/*
 * Everything that happens once a visitor acts: connecting, restoring a session, switching, signing,
 * disconnecting, reading balances. One chunk, loaded on the first of these (or when the UI
 * preloads the modal), so an instance that is only created costs the page none of it.
 */
import type { KernelContext } from '../context.js';
import type { TransferOutcome } from '../plugins/ChainAdapter.js';
import type { ConnectorNotice } from '../plugins/ConnectorPlugin.js';
import { activeNamespaceAtom, modalAtom } from '../state/atoms.js';
import type { AccountType, CaipNetwork, CaipNetworkId, ChainNamespace } from '../types.js';
import { refreshBalance, storeProfileName } from './account.js';
import { accountTypeChunk, applyConnection } from './connection.js';
import { showAlert } from './alerts.js';
import { getAccount } from './accountState.js';
import type { MaxSend, MaxSendRequest, SendFee, SendRequest, SendResult } from './send.js';
import { openModal } from './modal.js';
import { pushView } from './router.js';
import { showSnack } from './snackbar.js';
import { refreshTokenBalances } from './tokens.js';
import { disconnect } from './disconnect.js';
import { switchNetwork as switchTo } from './network.js';
import { askSignIn } from './signInTrigger.js';
import { retryableImport } from '../retryableImport.js';

export { disconnect, refreshBalance, storeProfileName };
export { connectWallet, connectWallets, handleAdapterEvent } from './connect.js';
export { reconnect } from './reconnect.js';
export { endSession } from './session.js';
export { signMessage } from './sign.js';
export { signInActions } from './signInTrigger.js';
/** §4: a network switch asks for a sign-in when no session covers the new network. */
export async function switchNetwork(ctx: KernelContext, target: CaipNetwork | CaipNetworkId): Promise<void> {
  await switchTo(ctx, target);
  void askSignIn(ctx);
}
export { refreshTokenBalances };
/** A connector plugin's view (§2 ApproveTransaction): pushed over the visitor's view when the modal is open (a send in progress keeps its place), else the modal opens at it. */
export function showView(ctx: KernelContext, view: string, data?: unknown): void {
  if (ctx.store.get(modalAtom).open) pushView(ctx, view, data);
  else openModal(ctx, { view, data });
}

/** A connector plugin's word to the visitor: the modal opened (if asked and closed), then its §8 alert and error snack. */
export async function notify(ctx: KernelContext, { open, alert, snack }: ConnectorNotice): Promise<void> {
  if (open && !ctx.store.get(modalAtom).open) openModal(ctx);
  if (alert) showAlert(ctx, alert);
  if (snack) await showSnack(ctx, snack, 'error');
}

/** The account-type change: a chunk of its own, loaded when the visitor switches. */
export async function setPreferredAccountType(
  ctx: KernelContext,
  type: AccountType,
  options?: { namespace?: ChainNamespace },
): Promise<void> {
  return (await accountTypeChunk()).setPreferredAccountType(ctx, type, options, applyConnection);
}

/** Taking networks and adapters away at run time: rare host calls, a chunk of their own loaded when first made. */
const networkRemoval = /* @__PURE__ */ retryableImport(() => import('./networkRemoval.js'));
export const removeNetwork = async (ctx: KernelContext, ns: ChainNamespace, id: CaipNetworkId): Promise<boolean> =>
  (await networkRemoval()).removeNetwork(ctx, ns, id, { disconnect, switchNetwork });
export const removeAdapter = async (ctx: KernelContext, ns: ChainNamespace): Promise<void> =>
  (await networkRemoval()).removeAdapter(ctx, ns, { disconnect, switchNetwork });

/** Send, activity, NFTs and names: a chunk of their own, loaded when the visitor opens one of them (anew after a failed fetch). */
export const accountActions = /* @__PURE__ */ retryableImport(() => import('./accountActions.js'));

/** A token named by address needs the account's token rows (the UI loads them; a host may not have): read them first. */
async function ensureTokenRow(ctx: KernelContext, request: { token?: string; namespace?: ChainNamespace }): Promise<void> {
  const token = typeof request.token === 'string' ? request.token.toLowerCase() : undefined;
  const ns = request.namespace ?? ctx.store.get(activeNamespaceAtom);
  if (!token || !ns) return;
  if (getAccount(ctx, ns).tokenBalance.some((row) => row.address?.toLowerCase() === token)) return;
  await refreshTokenBalances(ctx, ns, { fresh: true });
}

export async function sendTransfer(ctx: KernelContext, request: SendRequest): Promise<SendResult> {
  await ensureTokenRow(ctx, request);
  return (await accountActions()).sendTransfer(ctx, request);
}

export async function estimateSendFee(ctx: KernelContext, request: SendRequest): Promise<SendFee | undefined> {
  await ensureTokenRow(ctx, request);
  return (await accountActions()).estimateSendFee(ctx, request);
}

export async function maxSendable(ctx: KernelContext, request: MaxSendRequest): Promise<MaxSend> {
  await ensureTokenRow(ctx, request);
  return (await accountActions()).maxSendable(ctx, request);
}

/**
 * The chain's outcome of a sent transfer, then the sender's balances read past their caches. The
 * refresh lives here, not in the account-actions chunk, so that chunk never imports this one.
 */
export async function waitForTransfer(
  ctx: KernelContext,
  hash: string,
  options: { namespace?: ChainNamespace; signal?: AbortSignal } = {},
): Promise<TransferOutcome | undefined> {
  const ns = options.namespace ?? ctx.store.get(activeNamespaceAtom);
  try {
    return await (await accountActions()).waitForTransfer(ctx, hash, options);
  } finally {
    if (ns) {
      void refreshBalance(ctx, ns, { fresh: true });
      void refreshTokenBalances(ctx, ns, { fresh: true });
    }
  }
}
