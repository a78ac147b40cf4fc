import type { BcoinFullNode } from 'bcoin';
import { REGTEST_CAIP_NETWORK_ID } from '@latch/testkit';
import { addressView } from './esploraViews.js';
import { DEFAULT_FEE_ESTIMATES, type FeeEstimates, startEsploraServer } from './esploraServer.js';
import { regtestScript, startMinedRegtestNode } from './regtestNode.js';

export interface StartBitcoinRegtestOptions {
  /** What `GET /fee-estimates` answers (sat/vB per confirmation target). */
  feeEstimates?: FeeEstimates;
}

/** A real Bitcoin regtest node (bcoin, in memory) behind an Esplora-style HTTP API on 127.0.0.1. */
export interface BitcoinRegtest {
  /** `http://127.0.0.1:<port>`: the Esplora base URL (`/address/:a`, `/address/:a/utxo`, `/tx/:id`, `POST /tx`…). */
  readonly esploraUrl: string;
  /** `bip122:0f9188f13cb7b2c71f2a335e3a4fc328`, the regtest genesis block. */
  readonly caipNetworkId: `bip122:${string}`;
  /** The bcoin node, for state a test wants to inspect directly. */
  readonly node: BcoinFullNode;
  /** `METHOD /path` of every HTTP request the Esplora API served, in order. */
  readonly requests: readonly string[];
  /** Pays `sats` to a regtest address from the miner and mines it (unless `confirm` is false); resolves the txid. */
  fund(address: string, sats: bigint, options?: { confirm?: boolean }): Promise<string>;
  /** Mines blocks (to the miner unless `address` is given). */
  mine(blocks?: number, address?: string): Promise<void>;
  /** Confirmed + unconfirmed sats of a P2WPKH/P2SH/P2PKH address (Taproot is not indexed by bcoin). */
  balanceOf(address: string): Promise<bigint>;
  /** What `GET /fee-estimates` answers from now on (sat/vB per confirmation target). */
  setFeeEstimates(fees: FeeEstimates): void;
  /** Accepts a raw transaction hex into the mempool; resolves the txid, or rejects with the node's reason. */
  broadcast(rawHex: string): Promise<string>;
  /** Closes the HTTP API and the node; safe to call twice. */
  stop(): Promise<void>;
}

/** Starts the node (mined past segwit activation, ~0.7 s) and its Esplora API; stop it in `afterAll`/`finally`. */
export async function startBitcoinRegtest(options: StartBitcoinRegtestOptions = {}): Promise<BitcoinRegtest> {
  const regtest = await startMinedRegtestNode();
  let server: Awaited<ReturnType<typeof startEsploraServer>>;
  try {
    server = await startEsploraServer(regtest, options.feeEstimates ?? DEFAULT_FEE_ESTIMATES);
  } catch (error) {
    await regtest.stop();
    throw error;
  }
  let stopping: Promise<void> | undefined;
  return {
    esploraUrl: server.url,
    caipNetworkId: REGTEST_CAIP_NETWORK_ID,
    node: regtest.node,
    requests: server.requests,
    fund: (address, sats, fundOptions) => regtest.fund(address, sats, fundOptions?.confirm ?? true),
    mine: (blocks = 1, address) => regtest.mine(blocks, address),
    async balanceOf(address) {
      const { chain_stats: chain, mempool_stats: mempool } = await addressView(regtest.node, address, regtestScript(address));
      return BigInt(chain.funded_txo_sum - chain.spent_txo_sum + mempool.funded_txo_sum - mempool.spent_txo_sum);
    },
    broadcast: (rawHex) => regtest.broadcast(rawHex),
    setFeeEstimates: (fees) => server.setFeeEstimates(fees),
    stop() {
      stopping ??= server.close().then(() => regtest.stop());
      return stopping;
    },
  };
}
