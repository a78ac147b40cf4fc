import { LatchError } from '@latch/kernel';

export type SiwxVerificationCode =
  | 'MALFORMED_MESSAGE'
  | 'DOMAIN_MISMATCH'
  | 'URI_MISMATCH'
  | 'UNSUPPORTED_NETWORK'
  | 'EXPIRED'
  | 'NOT_YET_VALID'
  | 'INVALID_NONCE'
  | 'INVALID_SIGNATURE'
  /** The client asked for more nonces than its limit allows (HTTP 429). */
  | 'TOO_MANY_REQUESTS'
  /** An in-memory store holds as many nonces or sessions as it may (HTTP 503). */
  | 'STORE_FULL';

/** Why the server refused a sign-in (a `LatchError`, category `VALIDATION_ERROR`); `code` is stable, the message says it in words. */
export class SiwxVerificationError extends LatchError {
  override readonly name: string = 'SiwxVerificationError';
  declare readonly code: SiwxVerificationCode;

  constructor(code: SiwxVerificationCode, message: string) {
    super(message, { category: 'VALIDATION_ERROR', code });
  }
}
