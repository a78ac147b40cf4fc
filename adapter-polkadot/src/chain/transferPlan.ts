import { formatExactAmount, insufficientForFeeReason, LatchError, type FeeQuote, type MaxSendable } from '@latch/kernel';

/* Which balances call a transfer uses and what it costs, from the chain's own figures: no extension is asked here. */

/** `transferKeepAlive` never reaps the sender; `transferAllowDeath` (`transfer` on older runtimes) may, on purpose. */
export type TransferCallName = 'transferKeepAlive' | 'transferAllowDeath';

/** An account's balances in planck (`system.account`). */
export interface AccountFunds {
  free: bigint;
  reserved: bigint;
  /** The most of `free` a lock or freeze holds (staking, vesting, votes). */
  frozen: bigint;
}

export interface PlanInput {
  sender: AccountFunds;
  receiver: AccountFunds;
  existentialDeposit: bigint;
  amount: bigint;
  currency: { symbol: string; decimals: number };
  /** `paymentInfo` of the call for this amount. */
  feeOf(call: TransferCallName, amount: bigint): Promise<bigint>;
}

const refused = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR' });

/** What a sender keeps when its account stays open: the existential deposit, or more while a lock holds more. */
const keptBack = (sender: AccountFunds, existentialDeposit: bigint) =>
  sender.frozen > existentialDeposit ? sender.frozen : existentialDeposit;

/**
 * The call and fee of sending `amount`, or the chain's refusal before any extension is asked: a new receiving account
 * needs the existential deposit; the sender keeps it (transferKeepAlive) unless the amount empties the account, which is
 * done with transferAllowDeath and a warning saying what is lost; more than the balance less the fee is refused.
 */
export async function planTransfer({ sender, receiver, existentialDeposit, amount, currency, feeOf }: PlanInput): Promise<FeeQuote> {
  const show = (planck: bigint) => formatExactAmount(planck, currency.decimals, currency.symbol);
  if (receiver.free + receiver.reserved < existentialDeposit && amount < existentialDeposit) {
    throw refused(
      `The receiving account does not exist yet: it needs at least the existential deposit, ${show(existentialDeposit)}. Send at least that much.`,
    );
  }
  const keepAliveFee = await feeOf('transferKeepAlive', amount);
  if (amount + keepAliveFee + keptBack(sender, existentialDeposit) <= sender.free) {
    return { fee: keepAliveFee, terms: { call: 'transferKeepAlive' } };
  }
  // Emptying is possible only for an account nothing else holds open (no lock, no reserve).
  const allowDeathFee = await feeOf('transferAllowDeath', amount);
  const canEmpty = sender.frozen === 0n && sender.reserved === 0n && sender.free - allowDeathFee >= existentialDeposit;
  if (!canEmpty || amount + allowDeathFee > sender.free) throw refused(insufficientForFeeReason(currency.symbol, true));
  const lost = sender.free - amount - allowDeathFee;
  const warning =
    lost > 0n
      ? `This empties the account: it is closed, and the ${show(lost)} left below the existential deposit (${show(existentialDeposit)}) is lost.`
      : 'This empties the account: it is closed, and sending to it again needs at least the existential deposit.';
  return { fee: allowDeathFee, terms: { call: 'transferAllowDeath' }, warning };
}

/**
 * Max that keeps the account open: the free balance less the existential deposit (or a larger lock) and the fee of
 * that very transfer (the fee depends on the amount's encoded length, so it is asked again for the amount found). Its
 * note says what Max kept and how much closes the account instead, for a visitor who means to empty it.
 */
export async function planMax({
  sender,
  existentialDeposit,
  currency,
  feeOf,
}: Omit<PlanInput, 'amount' | 'receiver'>): Promise<MaxSendable> {
  const keep = keptBack(sender, existentialDeposit);
  const spendable = sender.free - keep;
  if (spendable <= 0n) return { amount: 0n, fee: { fee: 0n, terms: { call: 'transferKeepAlive' } } };
  const { amount, fee } = await largestAmount(spendable, (planck) => feeOf('transferKeepAlive', planck));
  const show = (planck: bigint) => formatExactAmount(planck, currency.decimals, currency.symbol);
  let note = `Max keeps ${show(keep)} so the account stays open (the existential deposit${keep > existentialDeposit ? ' or a lock' : ''}).`;
  if (sender.frozen === 0n && sender.reserved === 0n) {
    const emptying = await largestAmount(sender.free, (planck) => feeOf('transferAllowDeath', planck));
    if (emptying.amount > amount) note += ` Sending ${show(emptying.amount)} instead closes it.`;
  }
  return { amount, fee: { fee, terms: { call: 'transferKeepAlive' } }, note };
}

/** The most that fits in `budget` with its own fee, which grows with the amount's encoded length. */
async function largestAmount(budget: bigint, feeFor: (amount: bigint) => Promise<bigint>): Promise<{ amount: bigint; fee: bigint }> {
  let fee = await feeFor(budget);
  let amount = budget - fee;
  for (let round = 0; round < 3 && amount > 0n; round++) {
    const again = await feeFor(amount);
    if (again <= fee) return { amount, fee: again };
    fee = again;
    amount = budget - fee;
  }
  return { amount: amount > 0n ? amount : 0n, fee };
}
