import { LatchError, type CaipNetwork, type FeeQuote } from '@latch/kernel';
import { selectUTXO, type Transaction } from '@scure/btc-signer';
import { readFeeRate, readUtxos } from '../esplora/queries.js';
import type { AddressFamily } from '../address/bitcoinAddress.js';
// From messages.ts, not walletErrors.ts: this chunk must not import the connection's (which imports this one lazily).
import { INSUFFICIENT_FUNDS_MESSAGE } from '../messages.js';
import { inputFor, signerNetwork } from './psbtInputs.js';
import type { BitcoinAccount } from './types.js';

/** A payment from the account's coins: the unsigned transaction, what it pays the receiver, its fee and fee rate. */
export interface CoinPlan {
  tx: Transaction;
  amount: bigint;
  fee: bigint;
  /** sat/vB. */
  feeRate: bigint;
}

/** The fee rate a quote was made at, when it is one of this adapter's. */
export function quotedFeeRate(quote: FeeQuote | undefined): bigint | undefined {
  const rate = (quote?.terms as { feeRate?: unknown } | undefined)?.feeRate;
  return typeof rate === 'bigint' && rate > 0n ? rate : undefined;
}

/**
 * Coin selection as the wallets do it (@scure/btc-signer's `selectUTXO`, the default strategy, change back to the
 * account unless it would be dust) at the Esplora rate for ~3 blocks, or for `'all'` every coin and one output to the
 * receiver with no change: the fee is exact for the transaction it builds.
 */
export async function planPayment(
  network: CaipNetwork & { family: AddressFamily | undefined },
  payment: BitcoinAccount,
  to: string,
  amount: bigint | 'all',
  feeRate?: bigint,
): Promise<CoinPlan> {
  const params = signerNetwork(network.family);
  const [utxos, rate] = await Promise.all([readUtxos(network, payment.address), feeRate ?? readFeeRate(network).then(BigInt)]);
  const inputs = await Promise.all(utxos.map((utxo) => inputFor(utxo, payment, network, params)));
  const options = { feePerByte: rate, bip69: false, createTx: true, network: params };
  // Sweeping: no output but the change, and the change goes to the receiver.
  const selected =
    amount === 'all'
      ? selectUTXO(inputs, [], 'all', { ...options, changeAddress: to })
      : selectUTXO(inputs, [{ address: to, amount }], 'default', { ...options, changeAddress: payment.address });
  if (!selected?.tx) throw new LatchError(INSUFFICIENT_FUNDS_MESSAGE, { category: 'VALIDATION_ERROR' });
  const paid = amount === 'all' ? (selected.change ? (selected.tx.getOutput(0).amount ?? 0n) : 0n) : amount;
  // What the inputs bring less what the outputs take: the fee of this very transaction (a dust change left to it included).
  return { tx: selected.tx, amount: paid, fee: selected.tx.fee, feeRate: rate };
}
