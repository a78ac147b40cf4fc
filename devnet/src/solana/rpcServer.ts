import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { address } from '@solana/kit';
import type { LiteSVM } from 'litesvm';
import { accountMethods } from './accountMethods.js';
import { clusterMethods } from './clusterMethods.js';
import { historyMethods } from './historyMethods.js';
import { LocalLedger } from './localLedger.js';
import { LOCAL_SOLANA_CAIP_NETWORK_ID, LOCAL_SOLANA_GENESIS_HASH } from '@latch/testkit';
import { createRpcContext, type RpcContext, type RpcMethod } from './rpcContext.js';
import { internalError, invalidRequest, methodNotFound, parseError, SolanaRpcError } from './rpcError.js';
import { stringifyRpcJson } from './rpcJson.js';
import { paramList } from './rpcParams.js';
import { createMintAccount, mintTokens, type CreateMintOptions, type MintToOptions } from './tokenFixtures.js';
import { transactionMethods } from './transactionMethods.js';

export interface SolanaRpcOptions {
  /** Port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
}

export interface SolanaRpcFixture {
  /** `http://127.0.0.1:<port>`: give it to `createSolanaRpc` or a wallet. */
  readonly rpcUrl: string;
  readonly port: number;
  /** The LiteSVM behind the endpoint, for state a test wants to set up directly. */
  readonly svm: LiteSVM;
  /** What `getGenesisHash` answers; its first 32 characters are the CAIP-2 reference. */
  readonly genesisHash: string;
  /** `solana:LatchLoca1So1anaGenesisHash11111`, the 'Local Solana' network. */
  readonly caipNetworkId: `solana:${string}`;
  /** Credits lamports through the runtime (a real airdrop transaction, one block). */
  airdrop(address: string, lamports: bigint): void;
  /** Writes an SPL Token mint; returns its address. */
  createMint(options: CreateMintOptions): Promise<string>;
  /** Credits tokens to the owner's associated token account; returns that account's address. */
  mintTo(options: MintToOptions): Promise<string>;
  stop(): Promise<void>;
}

const METHODS: Readonly<Record<string, RpcMethod>> = { ...clusterMethods, ...accountMethods, ...transactionMethods, ...historyMethods };

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, GET, OPTIONS',
  'access-control-allow-headers': 'Content-Type, solana-client',
  'access-control-max-age': '86400',
} as const;

type JsonRpcId = string | number | null;

function errorResponse(id: JsonRpcId, error: SolanaRpcError) {
  const body = { code: error.code, message: error.message, ...(error.data === undefined ? {} : { data: error.data }) };
  return { jsonrpc: '2.0', error: body, id };
}

function answer(request: unknown, context: RpcContext) {
  const { jsonrpc, method, params, id } = (request ?? {}) as { jsonrpc?: unknown; method?: unknown; params?: unknown; id?: unknown };
  const requestId: JsonRpcId = typeof id === 'string' || typeof id === 'number' ? id : null;
  if (typeof request !== 'object' || request === null || jsonrpc !== '2.0' || typeof method !== 'string') {
    return errorResponse(requestId, invalidRequest());
  }
  const handler = Object.hasOwn(METHODS, method) ? METHODS[method] : undefined;
  if (!handler) return errorResponse(requestId, methodNotFound());
  try {
    return { jsonrpc: '2.0', result: handler(paramList(params), context), id: requestId };
  } catch (error) {
    return errorResponse(
      requestId,
      error instanceof SolanaRpcError ? error : internalError(error instanceof Error ? error.message : String(error)),
    );
  }
}

function respond(response: ServerResponse, status: number, body: string, contentType = 'application/json'): void {
  response.writeHead(status, { ...CORS_HEADERS, 'content-type': contentType }).end(body);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function handleHttp(request: IncomingMessage, response: ServerResponse, context: RpcContext): Promise<void> {
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS_HEADERS).end();
    return;
  }
  if (request.method === 'GET' && request.url === '/health') return respond(response, 200, 'ok', 'text/plain');
  if (request.method !== 'POST')
    return respond(response, 405, 'Used HTTP Method is not allowed. POST or OPTIONS is required', 'text/plain');
  let payload: unknown;
  try {
    payload = JSON.parse(await readBody(request));
  } catch {
    return respond(response, 200, stringifyRpcJson(errorResponse(null, parseError())));
  }
  if (Array.isArray(payload)) {
    const batch = payload.length === 0 ? errorResponse(null, invalidRequest()) : payload.map((entry) => answer(entry, context));
    return respond(response, 200, stringifyRpcJson(batch));
  }
  respond(response, 200, stringifyRpcJson(answer(payload, context)));
}

/**
 * A Solana JSON-RPC endpoint on 127.0.0.1 over an in-process LiteSVM (system, SPL Token and associated-token
 * programs loaded), answering in the real RPC's wire format. Every fixture has its own chain and port.
 */
export async function startSolanaRpc(options: SolanaRpcOptions = {}): Promise<SolanaRpcFixture> {
  const ledger = new LocalLedger();
  const context = createRpcContext(ledger, LOCAL_SOLANA_GENESIS_HASH);
  const server = createServer((request, response) => {
    handleHttp(request, response, context).catch((error: unknown) => {
      if (!response.headersSent) respond(response, 500, String(error), 'text/plain');
    });
  });
  // Idle sockets stay open longer than any client keeps them (fetch drops its own after 4 s), so a client never
  // reuses a socket the server is closing (ECONNRESET under load).
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  let stopped: Promise<void> | undefined;
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    port,
    svm: ledger.svm,
    genesisHash: LOCAL_SOLANA_GENESIS_HASH,
    caipNetworkId: LOCAL_SOLANA_CAIP_NETWORK_ID,
    airdrop: (recipient, lamports) => void ledger.airdrop(address(recipient), lamports),
    createMint: (mintOptions) => createMintAccount(ledger.svm, mintOptions),
    mintTo: (mintOptions) => mintTokens(ledger.svm, mintOptions),
    stop: () => {
      stopped ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopped;
    },
  };
}
