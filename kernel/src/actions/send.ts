import { insufficientForFeeReason, transactionExplorerUrl } from '../amount.js';
import type { KernelContext } from '../context.js';
import { formatUnits, LatchError } from '../primitives.js';
import { SEND_TOKEN_REQUIRED_MESSAGE } from '../errors/accountMessages.js';
import type { FeeQuote, TransferOutcome, TransferRequest } from '../plugins/ChainAdapter.js';
import { activeNamespaceAtom, EMPTY_SEND, type SendState, sendAtom } from '../state/atoms.js';
import type { CaipNetwork, ChainNamespace } from '../types.js';
import { capabilityOf, reportError } from './accountState.js';
import { getNetworkState } from './networkState.js';
import {
  assertFundsCoverFee,
  findToken,
  heldUnits,
  prepareTransfer,
  readNativeBalance,
  resolveSender,
  validation,
} from './sendPreparation.js';

/** A transfer as the visitor states it: whole units, and a token from the account's balances. */
export interface SendRequest {
  /** The receiver's address (a name must be resolved first: `resolveName`). */
  to: string;
  /** Whole units as typed: '1.5'. */
  amount: string;
  /** The token's contract / mint address; absent (or the native row) for the native currency. */
  token?: string;
  namespace?: ChainNamespace;
  /** The fee `estimateSendFee` or `maxSendable` gave for this transfer: the wallet is asked to keep to it. */
  fee?: SendFee;
}

export interface SendResult {
  /** The transaction's hash (signature on solana). */
  hash: string;
  /** The network's explorer page of the transaction, when the network has an explorer. */
  explorerUrl?: string;
}

export interface SendFee {
  /** Whole units of the native currency, every digit: the most the wallet will be asked to pay. */
  fee: string;
  symbol: string;
  /** The adapter's quote behind `fee`; give the whole SendFee back to `sendTransfer` as `fee`. */
  quote: FeeQuote;
  /** What the visitor must know before sending (the adapter's words), e.g. that the account will be emptied. */
  warning?: string;
}

/** What Max fills in: the most the account can send of a token, with the fee that goes with it for the native currency. */
export interface MaxSend {
  /** Whole units, every digit. */
  amount: string;
  fee?: SendFee;
  /** The adapter's words on what Max left out (an existential deposit kept, and how to close the account instead). */
  note?: string;
}

export interface MaxSendRequest {
  /** The receiver when known (a fee can depend on it); the sender's own address stands in otherwise. */
  to?: string;
  token?: string;
  namespace?: ChainNamespace;
}

function toSendFee(quote: FeeQuote, network: CaipNetwork): SendFee {
  const { decimals, symbol } = network.nativeCurrency;
  return { fee: formatUnits(quote.fee, decimals), symbol, quote, ...(quote.warning ? { warning: quote.warning } : {}) };
}

/** The network fee of a transfer in the native currency, or undefined when the adapter cannot tell. */
export async function estimateSendFee(ctx: KernelContext, request: SendRequest): Promise<SendFee | undefined> {
  const { network, capability, transfer } = prepareTransfer(ctx, request);
  if (!capability.estimateFee) return undefined;
  try {
    return toSendFee(await capability.estimateFee(transfer), network);
  } catch (err) {
    throw reportError(ctx, err, 'ESTIMATE_FEE_ERROR');
  }
}

/**
 * The most the visitor can send of a token (its balance), or of the native currency: the adapter's `maxSendable`
 * (fee and whatever the chain keeps back), else the balance read now minus `estimateFee`.
 */
export async function maxSendable(ctx: KernelContext, request: MaxSendRequest = {}): Promise<MaxSend> {
  const { ns, account, network, capability, address, connector } = resolveSender(ctx, request.namespace);
  const token = findToken(account.tokenBalance, network, request.token);
  if (!token) throw validation(SEND_TOKEN_REQUIRED_MESSAGE);
  const decimals = Number(token.quantity.decimals);
  if (token.address !== undefined) return { amount: formatUnits(heldUnits(token.quantity.numeric, decimals) ?? 0n, decimals) };
  const typed = typeof request.to === 'string' ? request.to.trim() : '';
  const to = typed && ctx.adapters.get(ns)?.isAddress(typed) ? typed : address;
  const base = { from: address, to, network, connector };
  try {
    const max = capability.maxSendable
      ? await capability.maxSendable(base)
      : await balanceMinusFee(ctx, ns, base, capability.estimateFee, heldUnits(token.quantity.numeric, decimals));
    if (max.amount <= 0n) throw validation(insufficientForFeeReason(network.nativeCurrency.symbol, false));
    return {
      amount: formatUnits(max.amount, decimals),
      ...(max.fee ? { fee: toSendFee(max.fee, network) } : {}),
      ...('note' in max && typeof max.note === 'string' ? { note: max.note } : {}),
    };
  } catch (err) {
    throw reportError(ctx, err, 'ESTIMATE_FEE_ERROR');
  }
}

async function balanceMinusFee(
  ctx: KernelContext,
  ns: ChainNamespace,
  base: Omit<TransferRequest, 'amount'>,
  estimateFee: ((request: TransferRequest) => Promise<FeeQuote>) | undefined,
  shown: bigint | undefined,
): Promise<{ amount: bigint; fee?: FeeQuote }> {
  const held = (await readNativeBalance(ctx, ns, base.from, base.network)) ?? shown ?? 0n;
  if (!estimateFee || held === 0n) return { amount: held };
  const fee = await estimateFee({ ...base, amount: held });
  return { amount: held - fee.fee, fee };
}

/**
 * Asks the wallet to sign and submit the transfer; resolves once submitted (see `waitForTransfer`). The fee is
 * quoted first when the request carries none, and a sender who cannot pay it on top is refused before the wallet.
 */
export async function sendTransfer(ctx: KernelContext, request: SendRequest): Promise<SendResult> {
  const { ns, network, capability, transfer } = prepareTransfer(ctx, request);
  setSendState(ctx, { loading: true });
  try {
    const feeQuote = request.fee?.quote ?? (capability.estimateFee ? await capability.estimateFee(transfer) : undefined);
    await assertFundsCoverFee(ctx, ns, transfer, feeQuote?.fee ?? 0n);
    const hash = await capability.sendTransfer(feeQuote ? { ...transfer, feeQuote } : transfer);
    ctx.bus.emit('SEND_SUCCESS', { namespace: ns, hash });
    const explorerUrl = transactionExplorerUrl(network, hash);
    return explorerUrl ? { hash, explorerUrl } : { hash };
  } catch (err) {
    const error = reportError(ctx, err, 'SEND_ERROR');
    ctx.bus.emit('SEND_ERROR', { namespace: ns, error });
    throw error;
  } finally {
    setSendState(ctx, { loading: false });
  }
}

/**
 * Waits until the chain has the transfer, then refreshes the sender's balances. Without the
 * adapter's `waitForTransfer` the outcome is unknown: the balances are refreshed and `undefined` returned.
 */
export async function waitForTransfer(
  ctx: KernelContext,
  hash: string,
  options: { namespace?: ChainNamespace; signal?: AbortSignal } = {},
): Promise<TransferOutcome | undefined> {
  const ns = options.namespace ?? ctx.store.get(activeNamespaceAtom);
  const network = ns ? getNetworkState(ctx, ns).caipNetwork : undefined;
  if (!ns || !network) throw new LatchError('No wallet is connected', { category: 'CONNECTOR_ERROR' });
  const wait = capabilityOf(ctx, ns, 'send')?.waitForTransfer;
  try {
    return wait ? await wait({ hash, network, ...(options.signal ? { signal: options.signal } : {}) }) : undefined;
  } catch (err) {
    throw reportError(ctx, err, 'WAIT_FOR_TRANSFER_ERROR');
  }
}

/** §3 send state: the form the Send views fill in. */
export function setSendState(ctx: KernelContext, patch: Partial<SendState> | 'reset'): void {
  ctx.store.set(sendAtom, (state) => (patch === 'reset' ? EMPTY_SEND : { ...state, ...patch }));
}
