import { LatchError } from './LatchError.js';

// The codes every package shares, each with the helper that makes its error. A module of their own: a page whose
// first-load code throws none of them loads neither up front (the LatchError module is part of every first load).

/**
 * A caller's mistake: an option or argument outside what its documentation allows (category VALIDATION_ERROR, code
 * `'INVALID_OPTION'`). Every package throws this for a bad option, so an app tells it from a failure at run time.
 */
export function invalidOption(message: string): LatchError {
  return new LatchError(message, { category: 'VALIDATION_ERROR', code: 'INVALID_OPTION' });
}

/** A server answered outside 2xx (category API_ERROR, code `'HTTP_STATUS'`); the message keeps the status. */
export function httpStatusError(status: number): LatchError {
  return new LatchError(`HTTP status code: ${status}`, { category: 'API_ERROR', code: 'HTTP_STATUS' });
}
