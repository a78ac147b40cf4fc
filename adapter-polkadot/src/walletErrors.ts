import { ERROR_CODES, LatchError, isLatchError, isUserRejection, readErrorMessage, toLatchError } from '@latch/kernel';

/**
 * How Polkadot extensions word a refusal (they throw plain Errors without a code): polkadot{.js} 'Cancelled' and
 * 'The source … is not allowed to interact with this extension', SubWallet 'Rejected by user', Talisman 'Rejected'.
 */
const EXTENSION_REFUSAL =
  /^(cancell?ed|rejected)\b|\b(rejected|cancell?ed|denied) by (the )?user\b|\brequest (was )?(rejected|cancell?ed)\b|not allowed to interact/i;

/** Whether an extension's error means the visitor said no. */
export function isExtensionRefusal(err: unknown): boolean {
  return isUserRejection(err) || EXTENSION_REFUSAL.test(readErrorMessage(err));
}

/** A wallet failure as a CONNECTOR_ERROR; a refusal gets the standard 4001 code whatever the extension threw. */
export function toWalletError(err: unknown): LatchError {
  if (isLatchError(err)) return err;
  if (isExtensionRefusal(err)) {
    return new LatchError(readErrorMessage(err), { category: 'CONNECTOR_ERROR', code: ERROR_CODES.USER_REJECTED, cause: err });
  }
  return toLatchError(err, 'CONNECTOR_ERROR');
}

/** Runs an extension call; whatever it throws becomes a LatchError (a refusal is 4001). */
export async function walletCall<T>(call: () => T | Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    throw toWalletError(err);
  }
}

export function unsupportedByExtension(name: string, what: string): LatchError {
  return new LatchError(`${name} cannot ${what}`, { category: 'CONNECTOR_ERROR', code: ERROR_CODES.UNSUPPORTED_METHOD });
}

export function malformedAnswer(name: string, what: string): LatchError {
  return new LatchError(`${name} answered a malformed ${what}`, { category: 'CONNECTOR_ERROR' });
}
