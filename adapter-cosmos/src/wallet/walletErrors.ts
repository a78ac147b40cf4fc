import { LatchError, isLatchError, readErrorCode, readErrorMessage, toLatchError } from '@latch/kernel';

/** Keplr and Leap refuse with a bare `Error('Request rejected')`; others use EIP-1193's 4001. */
const REJECTION = /\b(request rejected|rejected|user denied|denied|cancell?ed|declined)\b/i;
/** How Keplr-style wallets say they do not know a chain (`There is no chain info for …`). */
const UNKNOWN_CHAIN = /no (modular )?chain info|unknown chain|unsupported chain|chain (id )?(is )?not (supported|found|registered)/i;

/** A wallet failure as a LatchError: a refusal gets code 4001 (a user rejection), any other code is kept. */
export function toWalletError(err: unknown): LatchError {
  if (isLatchError(err)) return err;
  const code = readErrorCode(err);
  const message = readErrorMessage(err);
  if (code === 4001 || (code === undefined && REJECTION.test(message))) {
    return new LatchError(message, { category: 'CONNECTOR_ERROR', code: 4001, cause: err });
  }
  return toLatchError(err, 'CONNECTOR_ERROR');
}

export function isUnknownChainError(err: unknown): boolean {
  return UNKNOWN_CHAIN.test(readErrorMessage(err));
}

export function malformedWalletAnswer(walletName: string, what: string): LatchError {
  return new LatchError(`${walletName} answered a malformed ${what}`, { category: 'CONNECTOR_ERROR' });
}
