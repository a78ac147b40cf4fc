import { ERROR_CODES, LatchError, isLatchError, readErrorMessage } from '@latch/kernel';
import type { ApiPromise, SubmittableResult } from '@polkadot/api';

type DispatchError = NonNullable<SubmittableResult['dispatchError']>;

const INSUFFICIENT_BALANCE = 'Insufficient balance: the account cannot cover the amount';
const BELOW_EXISTENTIAL_DEPOSIT = 'The amount is below the existential deposit: the receiving account would not be kept';
const WOULD_REAP_SENDER = 'The transfer would take the sender below the existential deposit';

/** Module and token errors of a transfer, by `section.name`, in words a visitor can act on. */
const KNOWN_DISPATCH_ERRORS: Readonly<Record<string, string>> = {
  'balances.InsufficientBalance': INSUFFICIENT_BALANCE,
  'balances.ExistentialDeposit': BELOW_EXISTENTIAL_DEPOSIT,
  'balances.KeepAlive': WOULD_REAP_SENDER,
  'balances.Expendability': WOULD_REAP_SENDER,
  'balances.LiquidityRestrictions': 'The balance is locked (staking, vesting or a vote) and cannot be sent',
  'token.FundsUnavailable': INSUFFICIENT_BALANCE,
  'token.BelowMinimum': BELOW_EXISTENTIAL_DEPOSIT,
  'token.NotExpendable': WOULD_REAP_SENDER,
  'token.Frozen': 'The balance is frozen and cannot be sent',
};

/** Reasons a node refuses an extrinsic before it reaches a block (1010 Invalid Transaction). */
const INVALID_TRANSACTION: readonly [RegExp, string][] = [
  [/payment|pay some fees/i, 'Insufficient balance to pay the network fee'],
  [/badproof|bad signature/i, 'The chain rejected the signature (bad proof)'],
  [/stale|outdated/i, 'The transaction is outdated: its nonce was already used'],
  [/future/i, 'The transaction nonce is ahead of the account'],
  [/exhaustsresources|exhausts resources/i, 'The block is full: try again'],
];

const rejected = (message: string, cause?: unknown) =>
  new LatchError(message, { category: 'RPC_ERROR', code: ERROR_CODES.TRANSACTION_REJECTED, cause });

/** A transfer included in a block whose dispatch failed: the fee was paid, the amount did not move. */
export function dispatchFailure(api: ApiPromise, error: DispatchError): LatchError {
  let key: string = error.type;
  let detail: string = error.type;
  if (error.isModule) {
    const { section, name, docs } = api.registry.findMetaError(error.asModule);
    key = `${section}.${name}`;
    detail = `${key}${docs.length ? `: ${docs.join(' ')}` : ''}`;
  } else if (error.isToken) {
    key = `token.${error.asToken.type}`;
    detail = `Token.${error.asToken.type}`;
  } else if (error.isArithmetic) {
    detail = `Arithmetic.${error.asArithmetic.type}`;
  }
  return rejected(KNOWN_DISPATCH_ERRORS[key] ?? `The transfer failed on chain: ${detail}`, error.toJSON());
}

/** What submitting the transfer threw: the wallet's own errors stay as they are; a node refusal gets a clear reason. */
export function submissionFailure(err: unknown): LatchError {
  if (isLatchError(err)) return err;
  const message = readErrorMessage(err);
  if (/^1010\b|invalid transaction/i.test(message)) {
    const known = INVALID_TRANSACTION.find(([pattern]) => pattern.test(message));
    return rejected(known ? known[1] : `The node rejected the transfer: ${message}`, err);
  }
  return new LatchError(message, { category: 'RPC_ERROR', cause: err });
}
