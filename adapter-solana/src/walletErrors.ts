import {
  CHAIN_NOT_SUPPORTED_MESSAGE,
  ERROR_CODES,
  LatchError,
  isLatchError,
  isUserRejection,
  readErrorMessage,
  toLatchError,
} from '@latch/kernel';

/** A wallet failure as a CONNECTOR_ERROR; a decline keeps (or gets) the standard 4001 code whatever the wallet threw. */
export function toWalletError(err: unknown): LatchError {
  if (isLatchError(err)) return err;
  if (isUserRejection(err)) {
    return new LatchError(readErrorMessage(err), { category: 'CONNECTOR_ERROR', code: ERROR_CODES.USER_REJECTED, cause: err });
  }
  return toLatchError(err, 'CONNECTOR_ERROR');
}

export function unsupportedFeature(walletName: string, feature: string): LatchError {
  return new LatchError(`${walletName} does not support ${feature}`, { category: 'CONNECTOR_ERROR', code: ERROR_CODES.UNSUPPORTED_METHOD });
}

export function chainNotSupported(): LatchError {
  return new LatchError(CHAIN_NOT_SUPPORTED_MESSAGE, { category: 'CONNECTOR_ERROR', code: ERROR_CODES.UNSUPPORTED_CHAIN });
}
