import { ProviderRpcError, internalError } from './mockWallet/providerRpcError.js';

interface JsonRpcResponse {
  result?: unknown;
  error?: { code?: unknown; message?: unknown; data?: unknown };
}

let nextRequestId = 1;

/** One JSON-RPC 2.0 call over HTTP; a JSON-RPC error is thrown as a ProviderRpcError with the node's code. */
export async function jsonRpcRequest(rpcUrl: string, method: string, params: unknown = []): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextRequestId++, method, params }),
    });
  } catch (error) {
    throw internalError(`RPC ${rpcUrl} is unreachable: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  let body: JsonRpcResponse;
  try {
    body = JSON.parse(text) as JsonRpcResponse;
  } catch {
    throw internalError(`RPC ${rpcUrl} answered HTTP ${response.status} without JSON: ${text.slice(0, 200)}`);
  }
  if (body.error) {
    const { code, message, data } = body.error;
    throw new ProviderRpcError(
      typeof code === 'number' ? code : -32603,
      typeof message === 'string' ? message : 'Unknown JSON-RPC error',
      data,
    );
  }
  return body.result;
}
