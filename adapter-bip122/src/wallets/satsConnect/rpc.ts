import { ERROR_CODES, LatchError, readUntrustedProperty } from '@latch/kernel';
import { malformedAnswer, toWalletError } from '../../walletErrors.js';

/** sats-connect's `RpcErrorCode.METHOD_NOT_FOUND`. */
export const METHOD_NOT_FOUND = ERROR_CODES.METHOD_NOT_FOUND;

/**
 * One `provider.request(method, params)` call as sats-connect makes it, without the library: the wallet answers a
 * JSON-RPC envelope `{ jsonrpc: '2.0', id, result }` or `{ …, error: { code, message } }` (some throw instead).
 * Resolves the untrusted `result`; rejects with a LatchError keeping the wallet's code (a refusal is 4001).
 */
export async function satsConnectRequest(provider: object, walletName: string, method: string, params: unknown): Promise<unknown> {
  let response: unknown;
  try {
    const request = readUntrustedProperty(provider, 'request') as (method: string, params: unknown) => unknown;
    response = await request.call(provider, method, params);
  } catch (err) {
    throw toWalletError(err);
  }
  const error = readUntrustedProperty(response, 'error');
  if (error !== undefined && error !== null) throw toWalletError(typeof error === 'object' ? error : { message: String(error) });
  if (readUntrustedProperty(response, 'jsonrpc') !== '2.0' || readUntrustedProperty(response, 'result') === undefined) {
    throw malformedAnswer(walletName, `answer to ${method}`);
  }
  return readUntrustedProperty(response, 'result');
}

export function isMethodNotFound(err: unknown): boolean {
  return err instanceof LatchError && err.code === METHOD_NOT_FOUND;
}
