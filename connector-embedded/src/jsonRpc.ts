import { ProviderRpcError } from './errors.js';

let nextId = 1;

/** One JSON-RPC call to a node the integrator configured (the network's own RPC URL). */
export async function jsonRpc(url: string, method: string, params: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: nextId++, method, params }),
      credentials: 'omit',
    });
  } catch {
    throw new ProviderRpcError(-32002, `The network's RPC could not be reached (${method})`);
  }
  if (!response.ok) throw new ProviderRpcError(-32002, `HTTP status code: ${response.status}`);
  const body = (await response.json().catch(() => undefined)) as
    | { result?: unknown; error?: { code?: number; message?: string } }
    | undefined;
  if (!body) throw new ProviderRpcError(-32603, `The network's RPC answered ${method} with no JSON`);
  if (body.error)
    throw new ProviderRpcError(typeof body.error.code === 'number' ? body.error.code : -32603, body.error.message ?? 'RPC error');
  return body.result;
}
