import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isToyAddress } from './address.js';
import { ToyLedger } from './ledger.js';
import { TOY_CAIP_NETWORK_ID } from './protocol.js';
import { internalError, invalidRequest, methodNotFound, parseError, ToyRpcError } from './rpcError.js';
import { TOY_RPC_METHODS } from './rpcMethods.js';
import { readBodyUpTo } from '../httpBody.js';

export interface ToyChain {
  /** `http://127.0.0.1:<free port>`: give it to `createToyWallet` and `createToyLocalnet`. */
  readonly rpcUrl: string;
  readonly caipNetworkId: typeof TOY_CAIP_NETWORK_ID;
  /** Credits `amount` (smallest unit, 6 decimals) to `address`, the test faucet. */
  fund(address: string, amount: bigint): void;
  /** The balance the ledger holds, in the smallest unit. */
  balanceOf(address: string): bigint;
  /** Closes the server and every open connection; idempotent. */
  stop(): Promise<void>;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type',
  'access-control-max-age': '86400',
} as const;
const MAX_BODY_BYTES = 1_000_000;

type JsonRpcId = string | number | null;

function errorResponse(id: JsonRpcId, error: ToyRpcError) {
  return { jsonrpc: '2.0', error: { code: error.code, message: error.message }, id };
}

function answer(request: unknown, ledger: ToyLedger) {
  const { jsonrpc, method, params, id } = (request ?? {}) as { jsonrpc?: unknown; method?: unknown; params?: unknown; id?: unknown };
  const requestId: JsonRpcId = typeof id === 'string' || typeof id === 'number' ? id : null;
  if (typeof request !== 'object' || request === null || Array.isArray(request) || jsonrpc !== '2.0' || typeof method !== 'string') {
    return errorResponse(requestId, invalidRequest());
  }
  const handler = Object.hasOwn(TOY_RPC_METHODS, method) ? TOY_RPC_METHODS[method] : undefined;
  if (!handler) return errorResponse(requestId, methodNotFound(method));
  try {
    return { jsonrpc: '2.0', result: handler(params, ledger), id: requestId };
  } catch (error) {
    return errorResponse(requestId, error instanceof ToyRpcError ? error : internalError(String(error)));
  }
}

function respond(response: ServerResponse, status: number, body: string, contentType = 'application/json'): void {
  response.writeHead(status, { ...CORS_HEADERS, 'content-type': contentType }).end(body);
}

async function handleHttp(request: IncomingMessage, response: ServerResponse, ledger: ToyLedger): Promise<void> {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS_HEADERS).end();
    return;
  }
  if (request.method !== 'POST') return respond(response, 405, 'The toy chain answers JSON-RPC over POST (and OPTIONS)', 'text/plain');
  const body = await readBodyUpTo(request, MAX_BODY_BYTES);
  if (body === undefined) return respond(response, 413, `The body is larger than ${MAX_BODY_BYTES} bytes`, 'text/plain');
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return respond(response, 200, JSON.stringify(errorResponse(null, parseError())));
  }
  if (Array.isArray(payload)) {
    const batch =
      payload.length === 0 ? errorResponse(null, invalidRequest('an empty batch')) : payload.map((entry) => answer(entry, ledger));
    return respond(response, 200, JSON.stringify(batch));
  }
  respond(response, 200, JSON.stringify(answer(payload, ledger)));
}

function assertToyAddress(address: string): void {
  if (!isToyAddress(address)) throw new TypeError(`Not a toy address: ${JSON.stringify(address)}`);
}

/**
 * A real (tiny) chain of the `toy` namespace: a JSON-RPC 2.0 server on 127.0.0.1 over an in-memory ledger that
 * verifies ed25519-signed transfers. Every chain has its own free port and its own state. Node only.
 */
export async function startToyChain(): Promise<ToyChain> {
  const ledger = new ToyLedger();
  const server = createServer((request, response) => {
    handleHttp(request, response, ledger).catch((error: unknown) => {
      if (!response.headersSent) respond(response, 500, String(error), 'text/plain');
      else response.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<void> | undefined;
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    caipNetworkId: TOY_CAIP_NETWORK_ID,
    fund(address, amount) {
      assertToyAddress(address);
      ledger.fund(address, amount);
    },
    balanceOf(address) {
      assertToyAddress(address);
      return ledger.balanceOf(address);
    },
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
