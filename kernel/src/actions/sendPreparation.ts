import { insufficientBalanceReason, insufficientForFeeReason, parseAmountInput } from '../amount.js';
import type { KernelContext } from '../context.js';
import { LatchError, parseUnits } from '../primitives.js';
import {
  SEND_AMOUNT_AND_RECEIVER_REQUIRED_MESSAGE,
  SEND_TOKEN_REQUIRED_MESSAGE,
  UNSUPPORTED_CHAIN_MESSAGE,
} from '../errors/accountMessages.js';
import type { TransferRequest } from '../plugins/ChainAdapter.js';
import { activeNamespaceAtom } from '../state/atoms.js';
import type { CaipNetwork, ChainNamespace, TokenBalance } from '../types.js';
import { capabilityOf, getAccount } from './accountState.js';
import { getNetworkState } from './networkState.js';

/* What sending checks before anything reaches the wallet: the §5 form checks, then what the chain would refuse. */

export const validation = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR' });

/** The token row a request names: the native row without `token`, else the balance with that address. */
export function findToken(tokens: readonly TokenBalance[], network: CaipNetwork, token: string | undefined): TokenBalance | undefined {
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
export function heldUnits(numeric: string | undefined, decimals: number): bigint | undefined {
  if (!numeric) return undefined;
  const parsed = parseAmountInput(numeric, decimals);
  return parsed.ok ? parsed.units : /^0*\.?0*$/.test(numeric.trim()) ? 0n : undefined;
}

/** The connected sender on a namespace with its network and `send` capability ('Unsupported chain' without one). */
export function resolveSender(ctx: KernelContext, namespace: ChainNamespace | undefined) {
  const ns = namespace ?? ctx.store.get(activeNamespaceAtom);
  const account = ns ? getAccount(ctx, ns) : undefined;
  const network = ns ? getNetworkState(ctx, ns).caipNetwork : undefined;
  if (!ns || account?.status !== 'connected' || !account.address || !account.connector || !network) {
    throw new LatchError('No wallet is connected', { category: 'CONNECTOR_ERROR' });
  }
  const capability = capabilityOf(ctx, ns, 'send');
  if (!capability) throw validation(UNSUPPORTED_CHAIN_MESSAGE);
  return { ns, account, network, capability, address: account.address, connector: account.connector };
}

export interface SendRequestFields {
  to: string;
  amount: string;
  token?: string;
  namespace?: ChainNamespace;
}

/** §5 checks, then the adapter's transfer request. Throws the §5 message that applies. */
export function prepareTransfer(ctx: KernelContext, request: SendRequestFields) {
  const sender = resolveSender(ctx, request.namespace);
  const { ns, account, network } = sender;
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
  // Test networks show '0.00' without reading the balance (§5): unknown there, so the chain is read before sending.
  const nativeBalance = token.address === undefined && !network.testnet ? account.balance : undefined;
  const held = heldUnits(token.quantity.numeric || nativeBalance, decimals);
  if (held !== undefined && parsed.units > held) throw validation(insufficientBalanceReason(token.symbol));
  const transfer: TransferRequest = {
    from: sender.address,
    to,
    amount: parsed.units,
    ...(token.address === undefined ? {} : { token: token.address }),
    network,
    connector: sender.connector,
  };
  return { ...sender, transfer };
}

/** The sender's native balance read from the chain now; undefined when the adapter cannot read it (the wallet judges). */
export async function readNativeBalance(ctx: KernelContext, ns: ChainNamespace, address: string, network: CaipNetwork) {
  const balance = capabilityOf(ctx, ns, 'balance');
  if (!balance) return undefined;
  try {
    return parseUnits((await balance.getBalance(address, network)).balance, network.nativeCurrency.decimals);
  } catch {
    return undefined; // an unreadable balance is no reason to refuse: the wallet and the chain still check
  }
}

/**
 * Refuses a transfer whose fee the sender cannot pay on top of it (a chain would take the fee and fail the
 * transfer, or the wallet would refuse it with a node's wording): native, amount plus fee; a token, the fee alone.
 */
export async function assertFundsCoverFee(ctx: KernelContext, ns: ChainNamespace, transfer: TransferRequest, fee: bigint) {
  const { network } = transfer;
  const held = await readNativeBalance(ctx, ns, transfer.from, network);
  if (held === undefined) return;
  const needed = transfer.token === undefined ? transfer.amount + fee : fee;
  if (needed > held) throw validation(insufficientForFeeReason(network.nativeCurrency.symbol, transfer.token === undefined));
}
