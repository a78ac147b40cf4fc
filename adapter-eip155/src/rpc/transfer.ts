import { Eip1559FeesNotSupportedError, encodeFunctionData, erc20Abi, type Address, type Hex } from 'viem';
import { estimateFeesPerGas, estimateGas, getBalance, getGasPrice } from 'viem/actions';
import { LatchError, toLatchError, type FeeQuote, type MaxSendable, type TransferRequest } from '@latch/kernel';
import { isEvmAddress } from '../address.js';
import { refusalBeforeSending } from '../preSendRefusal.js';
import type { Eip1193Provider } from '../provider.js';
import { sendTransferTransaction } from '../signAndSend.js';
import type { NetworkClient } from './client.js';

export interface TransferCall {
  from: Address;
  to: Address;
  value?: bigint;
  data?: Hex;
}

/** What pins an eip155 fee: the gas limit and either the EIP-1559 caps or a legacy gas price. */
export type Eip155FeeTerms = { gas: bigint; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint } | { gas: bigint; gasPrice: bigint };

/** Checked before anything reaches the node or the wallet: a malformed address there would be used as given. */
function assertValidTransfer({ from, to, token, amount }: Pick<TransferRequest, 'from' | 'to' | 'token' | 'amount'>): void {
  const invalidField = (): string | undefined => {
    if (!isEvmAddress(from)) return 'sender';
    if (!isEvmAddress(to)) return 'receiver';
    if (token !== undefined && !isEvmAddress(token)) return 'token';
    return amount < 0n ? 'amount' : undefined;
  };
  const field = invalidField();
  if (field) throw new LatchError(`Invalid transfer ${field}`, { category: 'VALIDATION_ERROR' });
}

/** A node failure as an RPC_ERROR; this module's own refusals pass as they are. */
async function asRpc<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
}

/** Native: a plain value transfer. ERC-20: `transfer(to, amount)` sent to the token contract. */
export function buildTransferCall(request: Pick<TransferRequest, 'from' | 'to' | 'amount' | 'token'>): TransferCall {
  const from = request.from as Address;
  if (!request.token) return { from, to: request.to as Address, value: request.amount };
  const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [request.to as Address, request.amount] });
  return { from, to: request.token as Address, data };
}

/** EIP-1559 caps (viem's: the latest base fee × 1.2 plus the node's tip) where blocks carry a base fee, else the gas price. */
async function feesPerGas(client: NetworkClient): Promise<Omit<Eip155FeeTerms, 'gas'>> {
  try {
    const { maxFeePerGas, maxPriorityFeePerGas } = await estimateFeesPerGas(client, { type: 'eip1559' });
    return { maxFeePerGas, maxPriorityFeePerGas };
  } catch (err) {
    if (!(err instanceof Eip1559FeesNotSupportedError)) throw err;
    return { gasPrice: await getGasPrice(client) };
  }
}

const perGas = (terms: Eip155FeeTerms) => ('gasPrice' in terms ? terms.gasPrice : terms.maxFeePerGas);

/**
 * The most the wallet will be asked to pay: the gas limit times the max fee per gas (or the gas price), with those
 * fields as the quote's terms so the send hands the wallet exactly them. A node that refuses the call refuses the quote.
 */
export async function quoteTransferFee(client: NetworkClient, request: TransferRequest): Promise<FeeQuote> {
  assertValidTransfer(request);
  const call = buildTransferCall(request);
  let gas: bigint;
  let fees: Omit<Eip155FeeTerms, 'gas'>;
  try {
    [gas, fees] = await Promise.all([
      estimateGas(client, { account: call.from, to: call.to, value: call.value, data: call.data }),
      feesPerGas(client),
    ]);
  } catch (err) {
    throw refusalBeforeSending(err);
  }
  const terms = { gas, ...fees } as Eip155FeeTerms;
  return { fee: gas * perGas(terms), terms };
}

/** Through the wallet with the fee the visitor reviewed, else one quoted now: the wallet is always handed the fee fields. */
export async function sendQuotedTransfer(client: NetworkClient, provider: Eip1193Provider, request: TransferRequest): Promise<string> {
  assertValidTransfer(request);
  const terms = readFeeTerms(request.feeQuote) ?? readFeeTerms(await asRpc(() => quoteTransferFee(client, request)));
  if (!terms) throw new LatchError('The fee quote is unreadable', { category: 'RPC_ERROR' });
  return sendTransferTransaction(provider, request.network, buildTransferCall(request), terms);
}

/** The native balance less the fee of sending all of it: what the wallet can send with that very fee reserved. */
export async function maxNativeSendable(client: NetworkClient, request: Omit<TransferRequest, 'amount'>): Promise<MaxSendable> {
  assertValidTransfer({ ...request, amount: 0n });
  return asRpc(async () => {
    const balance = await getBalance(client, { address: request.from as Address });
    const fee = await quoteTransferFee(client, { ...request, amount: balance });
    return { amount: balance > fee.fee ? balance - fee.fee : 0n, fee };
  });
}

/** The fee quote as an RPC_ERROR-or-refusal, for `send.estimateFee`. */
export const estimateTransferFee = (client: NetworkClient, request: TransferRequest) => {
  assertValidTransfer(request);
  return asRpc(() => quoteTransferFee(client, request));
};

const isQuantity = (value: unknown): value is bigint => typeof value === 'bigint' && value >= 0n;

/** A quote's terms when they are this adapter's own and agree with its fee; undefined otherwise (then it quotes again). */
export function readFeeTerms(quote: FeeQuote | undefined): Eip155FeeTerms | undefined {
  const terms = quote?.terms as Partial<Record<string, unknown>> | undefined;
  if (!terms || !isQuantity(terms.gas)) return undefined;
  const { gas } = terms;
  let read: Eip155FeeTerms | undefined;
  if (isQuantity(terms.maxFeePerGas) && isQuantity(terms.maxPriorityFeePerGas) && terms.maxPriorityFeePerGas <= terms.maxFeePerGas) {
    read = { gas, maxFeePerGas: terms.maxFeePerGas, maxPriorityFeePerGas: terms.maxPriorityFeePerGas };
  } else if (isQuantity(terms.gasPrice)) {
    read = { gas, gasPrice: terms.gasPrice };
  }
  return read && gas * perGas(read) === quote?.fee ? read : undefined;
}
