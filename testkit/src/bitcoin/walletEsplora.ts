import { BitcoinWalletError } from './walletError.js';

/** What the wallet reads from its Esplora API; a real wallet's backend does the same. */
export interface WalletUtxo {
  txid: string;
  vout: number;
  value: number;
}

const trimSlash = (url: string) => url.replace(/\/+$/, '');

async function esplora(baseUrl: string, path: string, init?: RequestInit): Promise<Response> {
  let response: Response;
  try {
    response = await fetch(`${trimSlash(baseUrl)}${path}`, init);
  } catch (error) {
    throw new BitcoinWalletError('internal', `The wallet cannot reach its Bitcoin node: ${(error as Error).message}`);
  }
  return response;
}

export async function fetchUtxos(baseUrl: string, address: string): Promise<WalletUtxo[]> {
  const response = await esplora(baseUrl, `/address/${encodeURIComponent(address)}/utxo`);
  if (!response.ok) throw new BitcoinWalletError('internal', `The wallet's node refused the UTXO query: ${await response.text()}`);
  const list = (await response.json()) as WalletUtxo[];
  return list.filter((utxo) => /^[0-9a-f]{64}$/.test(utxo.txid) && Number.isSafeInteger(utxo.value) && Number.isInteger(utxo.vout));
}

export async function fetchBalance(baseUrl: string, address: string): Promise<{ confirmed: bigint; unconfirmed: bigint }> {
  const response = await esplora(baseUrl, `/address/${encodeURIComponent(address)}`);
  if (!response.ok) throw new BitcoinWalletError('internal', `The wallet's node refused the balance query: ${await response.text()}`);
  type Stats = { funded_txo_sum: number; spent_txo_sum: number };
  const { chain_stats: chain, mempool_stats: mempool } = (await response.json()) as { chain_stats: Stats; mempool_stats: Stats };
  return {
    confirmed: BigInt(chain.funded_txo_sum - chain.spent_txo_sum),
    unconfirmed: BigInt(mempool.funded_txo_sum - mempool.spent_txo_sum),
  };
}

/** The fee rate for a confirmation in about 3 blocks, in whole sat/vB (at least 1). */
export async function fetchFeeRate(baseUrl: string): Promise<bigint> {
  const response = await esplora(baseUrl, '/fee-estimates');
  const estimates = response.ok ? ((await response.json()) as Record<string, unknown>) : {};
  const rate = estimates['3'] ?? estimates['6'];
  return typeof rate === 'number' && rate > 0 ? BigInt(Math.ceil(rate)) : 1n;
}

/** POST /tx; resolves the txid, or fails with the node's reason. */
export async function broadcastTransaction(baseUrl: string, rawHex: string): Promise<string> {
  const response = await esplora(baseUrl, '/tx', { method: 'POST', headers: { 'content-type': 'text/plain' }, body: rawHex });
  const text = (await response.text()).trim();
  if (!response.ok) throw new BitcoinWalletError('internal', `Broadcast failed: ${text}`);
  return text;
}
