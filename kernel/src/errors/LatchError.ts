// This module imports nothing. Every page's first load holds it, and lazy chunks share it; an import of another shared
// module here (the message catalogue, say) keeps that module out of the entry script: the bundler then ships it as a chunk
// of its own that every page preloads (latch-evm first load 87,318 -> 87,215 B gzip once the catalogue import went).
/** The catalogue's UNKNOWN_ERROR_MESSAGE (errors/messages.ts), written out for the reason above; a test pins them equal. */
const UNKNOWN_ERROR_MESSAGE = 'Unknown error';

export type ErrorCategory = 'INTERNAL_SDK_ERROR' | 'API_ERROR' | 'CONNECTOR_ERROR' | 'RPC_ERROR' | 'VALIDATION_ERROR';

export const DEFAULT_ERROR_CATEGORY: ErrorCategory = 'INTERNAL_SDK_ERROR';

export interface LatchErrorOptions {
  category?: ErrorCategory;
  /**
   * The standard numeric code (EIP-1193 / EIP-1474 / EIP-5792) when one applies, else the stable string code a
   * package documents for its own failures (`'rate_limited'`, `'EXPIRED'`).
   */
  code?: number | string;
  cause?: unknown;
}

/**
 * The base of every error a Latch package throws: `category` says where it went wrong, `code` which case it is,
 * `cause` what it wraps. Each package's own errors extend it and keep their own `name` (`FrameError`,
 * `SiwxVerificationError`), so `isLatchError(e)` and `e.category` work on anything an app catches from Latch.
 */
export class LatchError extends Error {
  override readonly name: string = 'LatchError';
  readonly category: ErrorCategory;
  readonly code?: number | string;

  constructor(message: string, options: LatchErrorOptions = {}) {
    super(message, 'cause' in options ? { cause: options.cause } : undefined);
    this.category = options.category ?? DEFAULT_ERROR_CATEGORY;
    this.code = options.code;
  }
}

/**
 * A caller's mistake: an option or argument outside what its documentation allows (category VALIDATION_ERROR, code
 * `'INVALID_OPTION'`). Every package throws this for a bad option, so an app tells it from a failure at run time.
 */
export function invalidOption(message: string): LatchError {
  return new LatchError(message, { category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });
}

// Property reads are guarded because untrusted values may carry throwing getters or be proxies.
export function readUntrustedProperty(value: unknown, key: string): unknown {
  if ((typeof value !== 'object' && typeof value !== 'function') || value === null) return undefined;
  try {
    return (value as Record<string, unknown>)[key];
  } catch {
    return undefined;
  }
}

function nonEmptyString(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** A readable message from an Error, a string, `{ message }` or `{ error: { message } }`; else 'Unknown error'. */
export function readErrorMessage(err: unknown): string {
  return (
    nonEmptyString(err) ??
    nonEmptyString(readUntrustedProperty(err, 'message')) ??
    nonEmptyString(readUntrustedProperty(readUntrustedProperty(err, 'error'), 'message')) ??
    UNKNOWN_ERROR_MESSAGE
  );
}

function integerOrUndefined(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

/** The numeric `code` of an error or of its JSON-RPC `error` member. */
export function readErrorCode(err: unknown): number | undefined {
  return (
    integerOrUndefined(readUntrustedProperty(err, 'code')) ??
    integerOrUndefined(readUntrustedProperty(readUntrustedProperty(err, 'error'), 'code'))
  );
}

export function isLatchError(err: unknown): err is LatchError {
  try {
    return err instanceof LatchError;
  } catch {
    return false; // a revoked proxy throws on prototype lookup
  }
}

/** Wraps anything thrown into a LatchError; an existing LatchError is returned unchanged. Never throws. */
export function toLatchError(err: unknown, category: ErrorCategory = DEFAULT_ERROR_CATEGORY): LatchError {
  if (isLatchError(err)) return err;
  const code = readErrorCode(err);
  return new LatchError(readErrorMessage(err), {
    category,
    ...(code === undefined ? {} : { code }),
    cause: err,
  });
}
