export type SiwxVerificationCode =
  | 'MALFORMED_MESSAGE'
  | 'DOMAIN_MISMATCH'
  | 'UNSUPPORTED_NETWORK'
  | 'EXPIRED'
  | 'NOT_YET_VALID'
  | 'INVALID_NONCE'
  | 'INVALID_SIGNATURE';

/** Why the server refused a sign-in; `code` is stable, the message says it in words. */
export class SiwxVerificationError extends Error {
  override readonly name = 'SiwxVerificationError';
  readonly code: SiwxVerificationCode;

  constructor(code: SiwxVerificationCode, message: string) {
    super(message);
    this.code = code;
  }
}
