import { LatchError } from '../primitives.js';

// A code every package shares, with the helper that makes its error. A module of its own: a page whose first-load code
// throws none of them does not load it up front (the primitives module, with LatchError, is part of every first load).
// invalidOption lives in primitives.ts: first-load code throws it, and a shared module that imports LatchError and runs
// after it (this one, once lazy code uses it too) makes the bundler split LatchError out of the entry script.

/** A server answered outside 2xx (category API_ERROR, code `'HTTP_STATUS'`); the message keeps the status. */
export function httpStatusError(status: number): LatchError {
  return new LatchError(`HTTP status code: ${status}`, { category: 'API_ERROR', code: 'HTTP_STATUS' });
}
