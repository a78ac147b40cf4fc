import { LatchError, readUntrustedProperty, type CaipNetwork } from '@latch/kernel';
import { readList } from '../discovery/untrusted.js';
import { esploraFetch, esploraJson } from './client.js';

const malformed = (what: string) => new LatchError(`Esplora answered a malformed ${what}`, { category: 'RPC_ERROR' });
const sats = (value: unknown): bigint | undefined =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : undefined;

/** Confirmed + mempool sats of an address: `GET /address/:a`, funded minus spent in `chain_stats` and `mempool_stats`. */
export async function readAddressBalance(network: CaipNetwork, address: string): Promise<bigint> {
  const answer = await esploraJson(network, `/address/${encodeURIComponent(address)}`);
  let total = 0n;
  for (const key of ['chain_stats', 'mempool_stats']) {
    const stats = readUntrustedProperty(answer, key);
    const funded = sats(readUntrustedProperty(stats, 'funded_txo_sum'));
    const spent = sats(readUntrustedProperty(stats, 'spent_txo_sum'));
    if (funded === undefined || spent === undefined) throw malformed('address summary');
    total += funded - spent;
  }
  if (total < 0n) throw malformed('address summary');
  return total;
}

export interface Utxo {
  readonly txid: string;
  readonly vout: number;
  readonly value: bigint;
}

/** `GET /address/:a/utxo`, unconfirmed ones included (a wallet spends its own change). */
export async function readUtxos(network: CaipNetwork, address: string): Promise<Utxo[]> {
  const answer = await esploraJson(network, `/address/${encodeURIComponent(address)}/utxo`);
  if (!Array.isArray(answer)) throw malformed('UTXO list');
  return readList(answer, 10_000).map((entry) => {
    const txid = readUntrustedProperty(entry, 'txid');
    const vout = readUntrustedProperty(entry, 'vout');
    const value = sats(readUntrustedProperty(entry, 'value'));
    if (
      typeof txid !== 'string' ||
      !/^[0-9a-f]{64}$/.test(txid) ||
      !Number.isInteger(vout) ||
      (vout as number) < 0 ||
      value === undefined
    ) {
      throw malformed('UTXO');
    }
    return { txid, vout: vout as number, value };
  });
}

/** The fee rate (sat/vB) for a confirmation in about 3 blocks from `GET /fee-estimates`; at least 1. */
export async function readFeeRate(network: CaipNetwork): Promise<number> {
  const answer = await esploraJson(network, '/fee-estimates');
  for (const target of ['3', '2', '1', '6']) {
    const rate = readUntrustedProperty(answer, target);
    if (typeof rate === 'number' && Number.isFinite(rate) && rate > 0) return Math.max(1, Math.ceil(rate));
  }
  return 1;
}

/** `GET /tx/:id/hex`: a previous transaction, which legacy (P2PKH) inputs must carry whole. */
export async function readTransactionHex(network: CaipNetwork, txid: string): Promise<string> {
  const body = (await esploraFetch(network, `/tx/${txid}/hex`)).trim();
  if (!/^([0-9a-f]{2})+$/i.test(body)) throw malformed('transaction');
  return body;
}

/** `POST /tx` with the raw hex; resolves the txid the node answers. */
export async function broadcastTransaction(network: CaipNetwork, rawHex: string): Promise<string> {
  const body = (await esploraFetch(network, '/tx', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: rawHex })).trim();
  if (!/^[0-9a-f]{64}$/i.test(body)) throw malformed('broadcast answer');
  return body.toLowerCase();
}
