import type { BcoinFullNode, BcoinTXMeta } from 'bcoin';
import { hex } from '@scure/base';

/*
 * What an Esplora server (mempool.space, Blockstream) answers, computed from bcoin's indexes. Amounts are sats.
 * Outputs are matched by script, since bcoin's address index is keyed by hash alone.
 */

export interface EsploraStats {
  funded_txo_count: number;
  funded_txo_sum: number;
  spent_txo_count: number;
  spent_txo_sum: number;
  tx_count: number;
}

export interface EsploraStatus {
  confirmed: boolean;
  block_height?: number;
  block_hash?: string;
  block_time?: number;
}

const emptyStats = (): EsploraStats => ({ funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 });
const sameScript = (raw: Buffer, script: Uint8Array) => raw.length === script.length && raw.every((byte, i) => byte === script[i]);

/** Bitcoin's display order (txid) of an internal hash, and back. */
export const reverseHex = (value: string) => hex.encode(hex.decode(value).reverse());

async function statusOf(node: BcoinFullNode, height: number): Promise<EsploraStatus> {
  if (height < 0) return { confirmed: false };
  const entry = await node.chain.getEntry(height);
  if (!entry) return { confirmed: false };
  return { confirmed: true, block_height: height, block_hash: entry.rhash(), block_time: entry.time };
}

/** `GET /address/:address`: confirmed and mempool totals of what the script received and spent. */
export async function addressView(node: BcoinFullNode, address: string, script: Uint8Array) {
  const chain = emptyStats();
  const mempool = emptyStats();
  for (const meta of await node.getMetaByAddress([address])) {
    const stats = meta.height === -1 ? mempool : chain;
    let touched = false;
    for (const output of meta.tx.outputs) {
      if (!sameScript(output.script.toRaw(), script)) continue;
      stats.funded_txo_count += 1;
      stats.funded_txo_sum += output.value;
      touched = true;
    }
    if (!meta.tx.isCoinbase()) {
      const view = await node.getMetaView(meta);
      for (const input of meta.tx.inputs) {
        const spent = view.getOutputFor(input);
        if (!spent || !sameScript(spent.script.toRaw(), script)) continue;
        stats.spent_txo_count += 1;
        stats.spent_txo_sum += spent.value;
        touched = true;
      }
    }
    if (touched) stats.tx_count += 1;
  }
  return { address, chain_stats: chain, mempool_stats: mempool };
}

/** `GET /address/:address/utxo`: unspent outputs, mempool ones included, those spent in the mempool left out. */
export async function utxoView(node: BcoinFullNode, address: string, script: Uint8Array) {
  const coins = await node.getCoinsByAddress([address]);
  const mine = [];
  for (const coin of coins) {
    if (!sameScript(coin.script.toRaw(), script)) continue;
    mine.push({ txid: coin.txid(), vout: coin.index, value: coin.value, status: await statusOf(node, coin.height) });
  }
  return mine;
}

/** `GET /tx/:txid`. */
export async function transactionView(node: BcoinFullNode, meta: BcoinTXMeta) {
  const { tx } = meta;
  const view = tx.isCoinbase() ? undefined : await node.getMetaView(meta);
  const vin = tx.inputs.map((input) => {
    const prevout = view?.getOutputFor(input);
    return {
      txid: input.prevout.txid(),
      vout: input.prevout.index,
      is_coinbase: tx.isCoinbase(),
      prevout: prevout ? { scriptpubkey: prevout.script.toRaw().toString('hex'), value: prevout.value } : null,
    };
  });
  const vout = tx.outputs.map((output) => ({ scriptpubkey: output.script.toRaw().toString('hex'), value: output.value }));
  const inputSum = vin.reduce((sum, input) => sum + (input.prevout?.value ?? 0), 0);
  const outputSum = vout.reduce((sum, output) => sum + output.value, 0);
  return {
    txid: tx.txid(),
    version: tx.version,
    locktime: tx.locktime,
    vin,
    vout,
    size: tx.getSize(),
    weight: tx.getWeight(),
    fee: tx.isCoinbase() ? 0 : inputSum - outputSum,
    status: await statusOf(node, meta.height),
  };
}
