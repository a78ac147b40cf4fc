import {
  CHAIN_NOT_SUPPORTED_MESSAGE,
  ERROR_CODES,
  LatchError,
  isLatchError,
  isUserRejection,
  readErrorCode,
  readErrorMessage,
  toLatchError,
} from '@latch/kernel';
import { BROADCAST_REJECTED_PREFIX, INSUFFICIENT_FUNDS_MESSAGE } from './messages.js';

/** sats-connect's `RpcErrorCode.USER_REJECTION`: its wallets decline with -32000, not EIP-1193's 4001. */
export const SATS_CONNECT_USER_REJECTION = -32000;

/** A wallet failure as a CONNECTOR_ERROR: a refusal gets (or keeps) code 4001; any other code is kept. */
export function toWalletError(err: unknown): LatchError {
  if (isLatchError(err)) return err;
  if (isUserRejection(err) || readErrorCode(err) === SATS_CONNECT_USER_REJECTION) {
    return new LatchError(readErrorMessage(err), { category: 'CONNECTOR_ERROR', code: ERROR_CODES.USER_REJECTED, cause: err });
  }
  return toLatchError(err, 'CONNECTOR_ERROR');
}

// Here too for the adapter's own modules (messages.ts says why they live apart).
export { BROADCAST_REJECTED_PREFIX, INSUFFICIENT_FUNDS_MESSAGE };

const INSUFFICIENT = /insufficient|not enough (funds|balance)|balance (is )?too low/i;
const BROADCAST =
  /sendrawtransaction|broadcast|bad-txns|non-mandatory|mandatory-script|mempool|min relay fee|dust|txn-|missing ?inputs|too-long-mempool|absurdly-high-fee|rejected by the network/i;

/** The node's own reason inside a broadcast error (`…{"code":-26,"message":"bad-txns-inputs-missingorspent"}`). */
function broadcastReason(message: string): string {
  const quoted = /"message"\s*:\s*"([^"]+)"/.exec(message)?.[1];
  return (quoted ?? message.replace(/^.*?(broadcast failed|sendrawtransaction rpc error):?\s*/i, '')).trim();
}

/** A failed transfer with a message the visitor can act on: not enough funds, or what the network refused. */
export function toTransferError(err: unknown): LatchError {
  const error = toWalletError(err);
  if (error.code === ERROR_CODES.USER_REJECTED || error.category === 'VALIDATION_ERROR') return error;
  const message = readErrorMessage(err);
  const code = error.code === undefined ? {} : { code: error.code };
  if (INSUFFICIENT.test(message)) return new LatchError(INSUFFICIENT_FUNDS_MESSAGE, { category: error.category, ...code, cause: err });
  if (BROADCAST.test(message)) {
    return new LatchError(`${BROADCAST_REJECTED_PREFIX}: ${broadcastReason(message)}`, { category: error.category, ...code, cause: err });
  }
  return error;
}

export const invalid = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR' });

export function chainNotSupported(detail?: string): LatchError {
  return new LatchError(detail ? `${CHAIN_NOT_SUPPORTED_MESSAGE}: ${detail}` : CHAIN_NOT_SUPPORTED_MESSAGE, {
    category: 'CONNECTOR_ERROR',
    code: ERROR_CODES.UNSUPPORTED_CHAIN,
  });
}

export function malformedAnswer(walletName: string, what: string): LatchError {
  return new LatchError(`${walletName} answered a malformed ${what}`, { category: 'CONNECTOR_ERROR' });
}

export function unsupportedFeature(walletName: string, feature: string): LatchError {
  return new LatchError(`${walletName} does not support ${feature}`, { category: 'CONNECTOR_ERROR', code: ERROR_CODES.UNSUPPORTED_METHOD });
}
