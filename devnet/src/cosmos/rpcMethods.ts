import { fromBase64, fromHex, toBase64, toHex } from '@cosmjs/encoding';
import { ABCI_QUERIES } from './abciQueries.js';
import { blockResult, type NodeIdentity, statusResult, txResult } from './cometResponses.js';
import type { CosmosLedger } from './ledger.js';
import { CosmosSdkError, SDK_CODES } from './sdkError.js';
import { broadcastTx, type ChainRules } from './txDelivery.js';
import { searchTxs } from './txSearch.js';

/** A JSON-RPC error the server answers with (CometBFT's codes). */
export class CometRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: string,
  ) {
    super(message);
  }
}

export interface RpcContext {
  readonly ledger: CosmosLedger;
  readonly rules: ChainRules;
  readonly identity: NodeIdentity;
}

type Params = Record<string, unknown>;
const invalidParams = (data: string) => new CometRpcError(-32602, 'Invalid params', data);

function stringParam(params: Params, name: string, optional = false): string | undefined {
  const value = params[name];
  if (value === undefined || value === null) {
    if (optional) return undefined;
    throw invalidParams(`missing ${name}`);
  }
  if (typeof value !== 'string') throw invalidParams(`${name} must be a string`);
  return value;
}

function heightParam(params: Params, ledger: CosmosLedger): number {
  const raw = stringParam(params, 'height', true);
  if (raw === undefined || raw === '' || raw === '0') return ledger.latest.height;
  if (!/^[0-9]+$/.test(raw) || Number(raw) > ledger.latest.height) throw invalidParams(`height ${raw} is not available`);
  return Number(raw);
}

function decodeParam(decode: () => Uint8Array, name: string): Uint8Array {
  try {
    return decode();
  } catch {
    throw invalidParams(`${name} is malformed`);
  }
}

function abciQuery(params: Params, { ledger, rules }: RpcContext) {
  const path = stringParam(params, 'path') as string;
  const data = decodeParam(() => fromHex(stringParam(params, 'data', true) ?? ''), 'data');
  const height = String(ledger.latest.height);
  const handler = Object.hasOwn(ABCI_QUERIES, path) ? ABCI_QUERIES[path] : undefined;
  const base = { info: '', index: '0', key: null, proofOps: null, height };
  if (!handler)
    return {
      response: {
        ...base,
        code: SDK_CODES.unknownRequest,
        log: `unknown query path ${path}: unknown request`,
        value: null,
        codespace: 'sdk',
      },
    };
  try {
    return { response: { ...base, code: 0, log: '', value: toBase64(handler(data, ledger, rules)), codespace: '' } };
  } catch (error) {
    if (!(error instanceof CosmosSdkError)) throw error;
    return { response: { ...base, code: error.code, log: error.log, value: null, codespace: error.codespace } };
  }
}

function page(params: Params, name: string, fallback: number): number {
  const raw = params[name];
  const value = raw === undefined || raw === null ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw invalidParams(`${name} must be a positive integer`);
  return value;
}

/** The CometBFT 0.38 JSON-RPC methods CosmJS's StargateClient and SigningStargateClient call. */
export const COMET_METHODS: Readonly<Record<string, (params: Params, context: RpcContext) => unknown>> = {
  status: (_params, { ledger, identity }) => statusResult(ledger, identity),
  health: () => ({}),
  abci_info: (_params, { ledger }) => ({
    response: {
      data: 'latch-cosmos-stand-in',
      version: '0.50.0',
      app_version: '0',
      last_block_height: String(ledger.latest.height),
      last_block_app_hash: toBase64(fromHex(ledger.latest.hash)),
    },
  }),
  abci_query: abciQuery,
  block: (params, { ledger, identity }) => blockResult(ledger, ledger.block(heightParam(params, ledger))!, identity),
  broadcast_tx_sync(params, { ledger, rules }) {
    const tx = decodeParam(() => fromBase64(stringParam(params, 'tx') as string), 'tx');
    const { code, codespace, log, hash } = broadcastTx(ledger, tx, rules);
    return { code, data: '', log, codespace, hash };
  },
  tx(params, { ledger }) {
    const hash = toHex(decodeParam(() => fromBase64(stringParam(params, 'hash') as string), 'hash')).toUpperCase();
    const found = ledger.txs.find((tx) => tx.hash === hash);
    if (!found) throw new CometRpcError(-32603, 'Internal error', `tx (${hash}) not found`);
    return txResult(found);
  },
  tx_search(params, { ledger }) {
    let matches: ReturnType<typeof searchTxs>;
    try {
      matches = searchTxs(ledger.txs, stringParam(params, 'query') as string);
    } catch (error) {
      throw invalidParams(error instanceof Error ? error.message : String(error));
    }
    if (params.order_by === 'desc') matches.reverse();
    const perPage = Math.min(page(params, 'per_page', 30), 100);
    const start = (page(params, 'page', 1) - 1) * perPage;
    return { txs: matches.slice(start, start + perPage).map(txResult), total_count: String(matches.length) };
  },
};
