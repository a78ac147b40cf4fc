import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Address, OutScript } from '@scure/btc-signer';
import { REGTEST_PARAMS } from '@latch/testkit';
import { addressView, reverseHex, transactionView, utxoView } from './esploraViews.js';
import { BroadcastRejection, type RegtestNode } from './regtestNode.js';
import { readBodyUpTo } from '@latch/testkit';

/** sat/vB per confirmation target, as `GET /fee-estimates` answers; regtest has no fee market, so a test sets it. */
export type FeeEstimates = Readonly<Record<string, number>>;

export const DEFAULT_FEE_ESTIMATES: FeeEstimates = { '1': 3, '2': 3, '3': 2, '6': 2, '12': 1.5, '144': 1, '1008': 1 };

const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, POST, OPTIONS',
  'access-control-allow-headers': 'Content-Type',
  'access-control-max-age': '86400',
} as const;
const MAX_BODY_BYTES = 1_000_000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

type Reply = { status?: number; json?: unknown; text?: string };

function send(response: ServerResponse, { status = 200, json, text }: Reply): void {
  const body = json === undefined ? (text ?? '') : JSON.stringify(json);
  const type = json === undefined ? 'text/plain' : 'application/json';
  response.writeHead(status, { ...CORS_HEADERS, 'content-type': type }).end(body);
}

async function readBody(request: IncomingMessage): Promise<string> {
  const body = await readBodyUpTo(request, MAX_BODY_BYTES);
  if (body === undefined) throw new HttpError(413, 'Request body too large');
  return body.trim();
}

/** An address the node indexes, with its output script; Taproot outputs exist on bcoin but are not indexed. */
function indexedAddress(address: string): Uint8Array {
  let decoded: ReturnType<ReturnType<typeof Address>['decode']>;
  try {
    decoded = Address(REGTEST_PARAMS).decode(address);
  } catch {
    throw new HttpError(400, 'Invalid Bitcoin address');
  }
  if (decoded.type === 'tr') throw new HttpError(400, 'Taproot (P2TR) addresses are not indexed by the bcoin regtest node');
  return OutScript.encode(decoded);
}

async function transactionMeta(regtest: RegtestNode, txid: string) {
  if (!/^[0-9a-f]{64}$/.test(txid)) throw new HttpError(400, 'Invalid hex string');
  const meta = await regtest.node.getMeta(reverseHex(txid));
  if (!meta) throw new HttpError(404, 'Transaction not found');
  return meta;
}

async function route(regtest: RegtestNode, fees: FeeEstimates, method: string, path: string, body: () => Promise<string>): Promise<Reply> {
  const { node } = regtest;
  const parts = path.split('/').filter(Boolean).map(decodeURIComponent);
  const [head, id, tail, ...rest] = parts;
  if (method === 'POST' && head === 'tx' && parts.length === 1) {
    try {
      return { text: await regtest.broadcast(await body()) };
    } catch (error) {
      if (!(error instanceof BroadcastRejection)) throw error;
      // electrs' wording: the node's reject reason wrapped in its RPC error.
      throw new HttpError(400, `sendrawtransaction RPC error: ${JSON.stringify({ code: -26, message: error.reason })}`);
    }
  }
  if (method !== 'GET' || rest.length > 0) throw new HttpError(404, 'Not found');
  if (head === 'blocks' && id === 'tip' && tail === 'height') return { text: String(node.chain.height) };
  if (head === 'blocks' && id === 'tip' && tail === 'hash') return { text: node.chain.tip.rhash() };
  if (head === 'fee-estimates' && id === undefined) return { json: fees };
  if (head === 'address' && id !== undefined) {
    const script = indexedAddress(id);
    if (tail === undefined) return { json: await addressView(node, id, script) };
    if (tail === 'utxo') return { json: await utxoView(node, id, script) };
  }
  if (head === 'tx' && id !== undefined) {
    const meta = await transactionMeta(regtest, id);
    if (tail === undefined) return { json: await transactionView(node, meta) };
    if (tail === 'hex') return { text: meta.tx.toRaw().toString('hex') };
    if (tail === 'status') return { json: (await transactionView(node, meta)).status };
  }
  throw new HttpError(404, 'Not found');
}

export interface EsploraServer {
  readonly url: string;
  /** `METHOD /path` of every request served, in order (OPTIONS included). */
  readonly requests: readonly string[];
  /** What `GET /fee-estimates` answers from now on. */
  setFeeEstimates(fees: FeeEstimates): void;
  close(): Promise<void>;
}

/** The Esplora HTTP API subset wallets and the adapter use, over a regtest node, on a free port of 127.0.0.1. */
export async function startEsploraServer(regtest: RegtestNode, initialFees: FeeEstimates = DEFAULT_FEE_ESTIMATES): Promise<EsploraServer> {
  const requests: string[] = [];
  let fees = initialFees;
  const server: Server = createServer((request, response) => {
    const method = request.method ?? 'GET';
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    requests.push(`${method} ${path}`);
    if (method === 'OPTIONS') return void response.writeHead(204, CORS_HEADERS).end();
    route(regtest, fees, method, path, () => readBody(request)).then(
      (reply) => send(response, reply),
      (error: unknown) =>
        send(response, error instanceof HttpError ? { status: error.status, text: error.message } : { status: 500, text: String(error) }),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    setFeeEstimates: (next) => {
      fees = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
