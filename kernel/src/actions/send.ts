import { insufficientBalanceReason, parseAmountInput, transactionExplorerUrl } from '../amount.js';
import type { KernelContext } from '../context.js';
import { LatchError } from '../errors/LatchError.js';
import {
  SEND_AMOUNT_AND_RECEIVER_REQUIRED_MESSAGE,
  SEND_TOKEN_REQUIRED_MESSAGE,
  UNSUPPORTED_CHAIN_MESSAGE,
} from '../errors/accountMessages.js';
import { formatUnits } from '../format.js';
import type { TransferOutcome, TransferRequest } from '../plugins/ChainAdapter.js';
import { activeNamespaceAtom, EMPTY_SEND, type SendState, sendAtom } from '../state/atoms.js';
import type { CaipNetwork, ChainNamespace, TokenBalance } from '../types.js';
import { capabilityOf, getAccount, reportError } from './accountState.js';
import { getNetworkState } from './networkState.js';

/** A transfer as the visitor states it: whole units, and a token from the account's balances. */
export interface SendRequest {
  /** The receiver's address (a name must be resolved first: `resolveName`). */
  to: string;
  /** Whole units as typed: '1.5'. */
  amount: string;
  /** The token's contract / mint address; absent (or the native row) for the native currency. */
  token?: string;
  namespace?: ChainNamespace;
}

export interface SendResult {
  /** The transaction's hash (signature on solana). */
  hash: string;
  /** The network's explorer page of the transaction, when the network has an explorer. */
  explorerUrl?: string;
}

export interface SendFee {
  /** Whole units of the native currency. */
  fee: string;
  symbol: string;
}

const validation = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR' });

/** The token row the request names: the native row without `token`, else the balance with that address. */
function findToken(tokens: readonly TokenBalance[], network: CaipNetwork, token: string | undefined): TokenBalance | undefined {
  if (token === undefined) {
    return (
      tokens.find((t) => t.address === undefined) ?? {
        name: network.nativeCurrency.name,
        symbol: network.nativeCurrency.symbol,
        chainId: network.caipNetworkId,
        quantity: { decimals: String(network.nativeCurrency.decimals), numeric: '' },
        iconUrl: '',
      }
    );
  }
  return tokens.find((t) => t.address !== undefined && t.address.toLowerCase() === token.toLowerCase());
}

/** A whole-unit balance in the smallest unit; undefined when unknown or unreadable. */
function heldUnits(numeric: string | undefined, decimals: number): bigint | undefined {
  if (!numeric) return undefined;
  const parsed = parseAmountInput(numeric, decimals);
  return parsed.ok ? parsed.units : /^0*\.?0*$/.test(numeric.trim()) ? 0n : undefined;
}

/** §5 checks, then the adapter's transfer request. Throws the §5 message that applies. */
function prepareTransfer(ctx: KernelContext, request: SendRequest) {
  const ns = request.namespace ?? ctx.store.get(activeNamespaceAtom);
  const account = ns ? getAccount(ctx, ns) : undefined;
  const network = ns ? getNetworkState(ctx, ns).caipNetwork : undefined;
  if (!ns || account?.status !== 'connected' || !account.address || !account.connector || !network) {
    throw new LatchError('No wallet is connected', { category: 'CONNECTOR_ERROR' });
  }
  const capability = capabilityOf(ctx, ns, 'send');
  if (!capability) throw validation(UNSUPPORTED_CHAIN_MESSAGE);
  const to = typeof request.to === 'string' ? request.to.trim() : '';
  if (!to || typeof request.amount !== 'string' || request.amount.trim() === '') {
    throw validation(SEND_AMOUNT_AND_RECEIVER_REQUIRED_MESSAGE);
  }
  const token = findToken(account.tokenBalance, network, request.token);
  if (!token) throw validation(SEND_TOKEN_REQUIRED_MESSAGE);
  const adapter = ctx.adapters.get(ns);
  if (adapter && !adapter.isAddress(to)) throw validation('Invalid receiver address');
  const decimals = Number(token.quantity.decimals);
  const parsed = parseAmountInput(request.amount, decimals);
  if (!parsed.ok) throw validation(parsed.reason);
  // Test networks show '0.00' without reading the balance (§5): unknown there, so the node is the judge.
  const nativeBalance = token.address === undefined && !network.testnet ? account.balance : undefined;
  const held = heldUnits(token.quantity.numeric || nativeBalance, decimals);
  if (held !== undefined && parsed.units > held) throw validation(insufficientBalanceReason(token.symbol));
  const transfer: TransferRequest = {
    from: account.address,
    to,
    amount: parsed.units,
    ...(token.address === undefined ? {} : { token: token.address }),
    network,
    connector: account.connector,
  };
  return { ns, network, capability, transfer };
}

/** The network fee of a transfer in the native currency, or undefined when the adapter cannot tell. */
export async function estimateSendFee(ctx: KernelContext, request: SendRequest): Promise<SendFee | undefined> {
  const { network, capability, transfer } = prepareTransfer(ctx, request);
  if (!capability.estimateFee) return undefined;
  try {
    const fee = await capability.estimateFee(transfer);
    return { fee: formatUnits(fee, network.nativeCurrency.decimals), symbol: network.nativeCurrency.symbol };
  } catch (err) {
    throw reportError(ctx, err, 'ESTIMATE_FEE_ERROR');
  }
}

/** Asks the wallet to sign and submit the transfer; resolves once submitted (see `waitForTransfer`). */
export async function sendTransfer(ctx: KernelContext, request: SendRequest): Promise<SendResult> {
  const { ns, network, capability, transfer } = prepareTransfer(ctx, request);
  setSendState(ctx, { loading: true });
  try {
    const hash = await capability.sendTransfer(transfer);
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
