import { readErrorMessage } from '@latch/kernel';
import { internalError, ToyRpcError } from './rpcError.js';

let nextRequestId = 1;

/** One JSON-RPC 2.0 call to a toy chain over `fetch` (Node and browser); an error answer is thrown as a ToyRpcError with its code. */
export async function toyRpcRequest(rpcUrl: string, method: string, params: readonly unknown[] = []): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextRequestId++, method, params }),
    });
  } catch (error) {
    throw internalError(`the toy chain at ${rpcUrl} is unreachable: ${readErrorMessage(error)}`);
  }
  const text = await response.text();
  let body: { result?: unknown; error?: { code?: unknown; message?: unknown } };
  try {
    body = JSON.parse(text) as typeof body;
  } catch {
    throw internalError(`the toy chain at ${rpcUrl} answered HTTP ${response.status} without JSON: ${text.slice(0, 200)}`);
  }
  if (body.error) {
    const { code, message } = body.error;
    throw new ToyRpcError(typeof code === 'number' ? code : -32603, typeof message === 'string' ? message : 'Unknown JSON-RPC error');
  }
  return body.result;
}
