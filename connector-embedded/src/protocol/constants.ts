/** The envelope's marker and version (PROTOCOL §2). */
export const PROTOCOL_MARKER = 'embedded';
export const PROTOCOL_VERSION = 1;

/** A message larger than this (`JSON.stringify` length) is rejected on both sides. */
export const MAX_MESSAGE_BYTES = 64 * 1024;

/** §9: the hidden frame must post `frame:ready` within this long after it is inserted. */
export const FRAME_LOAD_TIMEOUT_MS = 20_000;

/** §9: a request to the frame that has no reply after this long fails with a timeout. */
export const REQUEST_TIMEOUT_MS = 30_000;

/** The same-origin channel between the hidden frame and its visible pages (recovery, approval, sign-in methods). */
export const FRAME_CHANNEL_NAME = 'latch-embedded';

/** A request id: 16 random bytes as 32 lowercase hex characters. */
export function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/**
 * What a one-time code's failures say, wherever they are raised (the service's sign-in and step-up routes, the
 * frame): one text per case, so the visitor reads the same words for the same lockout.
 */
export const CODE_FAILURES = {
  invalid_otp: 'Invalid code',
  otp_expired: 'The code has expired',
  too_many_attempts: 'Too many attempts: request a new code',
} as const;

/** better-auth's e-mail code errors → the PROTOCOL codes and their texts. */
export const AUTH_CODE_ERRORS: Readonly<Record<string, readonly [code: keyof typeof CODE_FAILURES, message: string]>> = {
  INVALID_OTP: ['invalid_otp', CODE_FAILURES.invalid_otp],
  OTP_EXPIRED: ['otp_expired', CODE_FAILURES.otp_expired],
  TOO_MANY_ATTEMPTS: ['too_many_attempts', CODE_FAILURES.too_many_attempts],
};

/** §8 Session Expired: the service no longer knows the session (ended, expired, or the device clock is off). */
export const SESSION_EXPIRED = 'Invalid session found: check your time settings and connect again';

/** §8: a social or Farcaster sign-in could not be started; the connector disconnects and returns to Connect. */
export const SOCIAL_INIT_ERROR = 'A problem occurred while trying initialize authentication';

/** The display name of each social provider (§3), as the buttons and the §8 messages write it. */
export const PROVIDER_NAMES = {
  google: 'Google',
  x: 'X',
  discord: 'Discord',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  farcaster: 'Farcaster',
} as const;
