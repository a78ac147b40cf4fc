import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isCosmosAddressWithPrefix } from '@latch/testkit';
import { nodeIdentity } from './cometResponses.js';
import { CosmosLedger } from './ledger.js';
import { COMET_METHODS, CometRpcError, type RpcContext } from './rpcMethods.js';
import { readBodyUpTo } from '@latch/testkit';

export interface CosmosChainOptions {
  /** 'latch-local-1' by default; it must be a CAIP-5 direct reference (1 to 32 of a-z, A-Z, 0-9, '-'). */
  chainId?: string;
  /** The native denom; 'ustake' by default. */
  denom?: string;
  /** Account address prefix; 'cosmos' by default. */
  bech32Prefix?: string;
}

export interface CosmosChainTransaction {
  readonly hash: string;
  readonly height: number;
  /** 0 when every message executed. */
  readonly code: number;
  readonly log: string;
  /** The fee the payer was charged, in the native denom. */
  readonly fee: bigint;
  readonly gasWanted: bigint;
  readonly gasUsed: bigint;
}

export interface CosmosChain {
  /** `http://127.0.0.1:<free port>`: a CometBFT 0.38 JSON-RPC endpoint with CORS, for CosmJS and browsers. */
  readonly rpcUrl: string;
  readonly chainId: string;
  /** `cosmos:<chainId>`. */
  readonly caipNetworkId: `cosmos:${string}`;
  readonly denom: string;
  readonly bech32Prefix: string;
  /** Credits `amount` of the native denom to `address` (the test faucet; it creates the account). */
  fund(address: string, amount: bigint): void;
  /** The native balance the chain holds for `address`, in the smallest unit. */
  balanceOf(address: string): bigint;
  /** A transaction in a block, by its hash (any case). */
  transaction(hash: string): CosmosChainTransaction | undefined;
  /** Closes the server and every open connection; idempotent. */
  stop(): Promise<void>;
}

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type',
  'access-control-max-age': '86400',
} as const;
const MAX_BODY_BYTES = 2_000_000;
const CAIP5_DIRECT_REFERENCE = /^[-a-zA-Z0-9]{1,32}$/;

type JsonRpcId = string | number | null;

function answer(request: unknown, context: RpcContext) {
  const { jsonrpc, method, params, id } = (request ?? {}) as { jsonrpc?: unknown; method?: unknown; params?: unknown; id?: unknown };
  const requestId: JsonRpcId = typeof id === 'string' || typeof id === 'number' ? id : null;
  const error = (e: CometRpcError) => ({ jsonrpc: '2.0', id: requestId, error: { code: e.code, message: e.message, data: e.data ?? '' } });
  if (typeof request !== 'object' || request === null || jsonrpc !== '2.0' || typeof method !== 'string') {
    return error(new CometRpcError(-32600, 'Invalid Request'));
  }
  const handler = Object.hasOwn(COMET_METHODS, method) ? COMET_METHODS[method] : undefined;
  if (!handler) return error(new CometRpcError(-32601, 'Method not found', method));
  if (params !== undefined && (typeof params !== 'object' || params === null || Array.isArray(params))) {
    return error(new CometRpcError(-32602, 'Invalid params', 'params must be an object'));
  }
  try {
    return { jsonrpc: '2.0', id: requestId, result: handler((params ?? {}) as Record<string, unknown>, context) };
  } catch (e) {
    return error(e instanceof CometRpcError ? e : new CometRpcError(-32603, 'Internal error', String(e)));
  }
}

async function handleHttp(request: IncomingMessage, response: ServerResponse, context: RpcContext): Promise<void> {
  const send = (status: number, body: string, type = 'application/json'): void => {
    response.writeHead(status, { ...CORS_HEADERS, 'content-type': type }).end(body);
  };
  if (request.method === 'OPTIONS') {
    response.writeHead(204, CORS_HEADERS).end();
    return;
  }
  if (request.method !== 'POST') return send(405, 'The stand-in answers JSON-RPC over POST', 'text/plain');
  const body = await readBodyUpTo(request, MAX_BODY_BYTES);
  if (body === undefined) return send(413, `The body is larger than ${MAX_BODY_BYTES} bytes`, 'text/plain');
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    return send(200, JSON.stringify({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error', data: '' } }));
  }
  const result = Array.isArray(payload) ? payload.map((entry) => answer(entry, context)) : answer(payload, context);
  send(
    200,
    JSON.stringify(result, (_key, value) => (typeof value === 'bigint' ? value.toString() : value)),
  );
}

/**
 * A local Cosmos chain for tests: a CometBFT 0.38 JSON-RPC stand-in on 127.0.0.1 over an in-memory bank that checks
 * the real secp256k1 signature (SIGN_MODE_DIRECT, this chain id), the account number and the sequence of every
 * transaction before applying its MsgSends. No chain binary: see the devnet README for what it does not do. Node only.
 */
export async function startCosmosChain(options: CosmosChainOptions = {}): Promise<CosmosChain> {
  const { chainId = 'latch-local-1', denom = 'ustake', bech32Prefix = 'cosmos' } = options;
  if (!CAIP5_DIRECT_REFERENCE.test(chainId)) throw new TypeError(`chainId must be 1 to 32 of a-z, A-Z, 0-9 and '-' (got "${chainId}")`);
  const ledger = new CosmosLedger(chainId);
  const assertAddress = (address: string) => {
    if (!isCosmosAddressWithPrefix(address, bech32Prefix))
      throw new TypeError(`Not a ${bech32Prefix}1… address: ${JSON.stringify(address)}`);
  };
  const context: { -readonly [K in keyof RpcContext]: RpcContext[K] } = {
    ledger,
    rules: { chainId, prefix: bech32Prefix },
    identity: nodeIdentity(chainId, 0),
  };
  const server = createServer((request, response) => {
    handleHttp(request, response, context).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, CORS_HEADERS).end(String(error));
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
  context.identity = nodeIdentity(chainId, port);
  let stopped: Promise<void> | undefined;
  return {
    rpcUrl: `http://127.0.0.1:${port}`,
    chainId,
    caipNetworkId: `cosmos:${chainId}`,
    denom,
    bech32Prefix,
    fund(address, amount) {
      assertAddress(address);
      if (typeof amount !== 'bigint' || amount <= 0n) throw new TypeError('fund needs a positive bigint amount');
      ledger.credit(address, denom, amount);
    },
    balanceOf(address) {
      assertAddress(address);
      return ledger.balance(address, denom);
    },
    transaction(hash) {
      const tx = ledger.txs.find((candidate) => candidate.hash === String(hash).toUpperCase());
      if (!tx) return undefined;
      const fee = tx.fee.filter((coin) => coin.denom === denom).reduce((sum, coin) => sum + coin.amount, 0n);
      return { hash: tx.hash, height: tx.height, code: tx.code, log: tx.log, fee, gasWanted: tx.gasWanted, gasUsed: tx.gasUsed };
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
