import bcoin, { type BcoinFullNode } from 'bcoin';
import { Address, OutScript, selectUTXO } from '@scure/btc-signer';
import { REGTEST_PARAMS } from '@latch/testkit';
import { bitcoinPaymentKey } from '@latch/testkit';

/** Segwit activates after ~432 blocks on bcoin's regtest; every fixture starts above that. */
export const REGTEST_INITIAL_BLOCKS = 450;
const COINBASE_MATURITY = 100;
/** The fixture's own funding wallet: every mined block pays it. */
const MINER_SECRET_KEY = 'f0'.repeat(32);
/** What the node's funding transactions pay, in sat/vB (bcoin's relay minimum is 1). */
const FUNDING_FEE_RATE = 2n;

/** bcoin's reject reason for a transaction it refused, as Bitcoin Core names it (`bad-txns-inputs-missingorspent`…). */
export class BroadcastRejection extends Error {
  override readonly name = 'BroadcastRejection';
  constructor(readonly reason: string) {
    super(reason);
  }
}

/** The output script of a regtest address; throws a TypeError for anything else. */
export function regtestScript(address: string): Uint8Array {
  return OutScript.encode(Address(REGTEST_PARAMS).decode(address));
}

export interface RegtestNode {
  readonly node: BcoinFullNode;
  readonly minerAddress: string;
  mine(blocks: number, address?: string): Promise<void>;
  /** Accepts a raw transaction into the mempool; resolves its txid or throws a BroadcastRejection. */
  broadcast(rawHex: string): Promise<string>;
  /** Pays `sats` from the miner to `address` in one transaction; mined at once unless `confirm` is false. */
  fund(address: string, sats: bigint, confirm?: boolean): Promise<string>;
  stop(): Promise<void>;
}

// bcoin's regtest HRP is `rb`; wallets and bip322-js speak Bitcoin Core's `bcrt`. Patched once, before any node starts.
bcoin.networks.regtest.addressPrefix.bech32 = REGTEST_PARAMS.bech32;

/** A bcoin full node in memory (no disk, no peers), mined past segwit activation with the miner's wallet funded. */
export async function startRegtestNode(): Promise<RegtestNode> {
  const node = new bcoin.FullNode({
    network: 'regtest',
    memory: true,
    workers: false,
    indexTX: true,
    indexAddress: true,
    listen: false,
    // bcoin also serves its own HTTP API, by default on regtest's fixed port 48332: a second node started at the same
    // time (another test worker) would fail with EADDRINUSE. Nothing uses it (the Esplora facade calls the node
    // in-process), so it gets a port the OS picks, on loopback.
    httpHost: '127.0.0.1',
    httpPort: 0,
    logLevel: 'none',
  });
  await node.open();
  // The node is never connected to the network (no `node.connect()`): it mines through its own RPC and takes
  // transactions straight into its mempool. A connected pool with no peer to find retries its outbound slots every
  // 3 s, for as long as the node runs: about 10 CPU seconds per e2e worker in a full run, for nothing.
  const miner = bitcoinPaymentKey(MINER_SECRET_KEY, REGTEST_PARAMS);
  let queue: Promise<unknown> = Promise.resolve();
  // One chain change at a time: two funding transactions must not pick the same coins.
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };

  const mine = (blocks: number, address = miner.address) =>
    serial(async () => {
      if (!Number.isInteger(blocks) || blocks < 1) throw new TypeError('mine() takes a positive number of blocks');
      regtestScript(address);
      await node.rpc.call({ method: 'generatetoaddress', params: [blocks, address] }, []);
    });

  async function broadcast(rawHex: string): Promise<string> {
    if (!/^([0-9a-f]{2})+$/i.test(rawHex)) throw new BroadcastRejection('TX decode failed');
    let tx: ReturnType<typeof bcoin.TX.fromRaw>;
    try {
      tx = bcoin.TX.fromRaw(Buffer.from(rawHex, 'hex'));
    } catch {
      throw new BroadcastRejection('TX decode failed');
    }
    try {
      // bcoin's RPC swallows validation errors; the mempool throws them with Core's reason.
      const missing = await node.mempool.addTX(tx);
      if (missing && missing.length > 0) throw new BroadcastRejection('bad-txns-inputs-missingorspent');
    } catch (error) {
      if (error instanceof BroadcastRejection) throw error;
      const reason = (error as { reason?: unknown }).reason;
      throw new BroadcastRejection(typeof reason === 'string' ? reason : String((error as Error).message ?? error));
    }
    return tx.txid();
  }

  async function fundingTransaction(address: string, sats: bigint): Promise<string> {
    const tip = node.chain.height;
    const coins = (await node.getCoinsByAddress([miner.address])).filter(
      (coin) => coin.height >= 0 && (!coin.coinbase || tip - coin.height + 1 >= COINBASE_MATURITY),
    );
    const utxos = coins.map((coin) => ({
      txid: coin.txid(),
      index: coin.index,
      witnessUtxo: { script: miner.script, amount: BigInt(coin.value) },
    }));
    const selected = selectUTXO(utxos, [{ address, amount: sats }], 'default', {
      changeAddress: miner.address,
      feePerByte: FUNDING_FEE_RATE,
      bip69: false,
      createTx: true,
      network: REGTEST_PARAMS,
    });
    if (!selected?.tx) throw new Error(`the regtest miner cannot fund ${sats} sats`);
    selected.tx.sign(miner.secret);
    selected.tx.finalize();
    return selected.tx.hex;
  }

  return {
    node,
    minerAddress: miner.address,
    mine,
    broadcast,
    fund(address, sats, confirm = true) {
      if (typeof sats !== 'bigint' || sats <= 0n) return Promise.reject(new TypeError('fund() takes a positive bigint of sats'));
      return serial(async () => {
        regtestScript(address);
        const txid = await broadcast(await fundingTransaction(address, sats));
        if (confirm) await node.rpc.call({ method: 'generatetoaddress', params: [1, miner.address] }, []);
        return txid;
      });
    },
    async stop() {
      await node.close();
    },
  };
}

/*
 * The first node a process starts mines its initial blocks; later ones are given the same blocks (each verified and
 * connected as a mined one is), which costs half the CPU of mining them again. Every node still starts on its own chain
 * in its own memory, with the miner's coins at the same height: only the initial blocks' times are those of the first
 * node's start.
 */
let initialBlocks: Promise<readonly Buffer[]> | undefined;

async function mineInitialBlocks(regtest: RegtestNode): Promise<readonly Buffer[]> {
  await regtest.mine(REGTEST_INITIAL_BLOCKS);
  const blocks: Buffer[] = [];
  for (let height = 1; height <= REGTEST_INITIAL_BLOCKS; height++) {
    const block = await regtest.node.chain.getBlock(height);
    if (!block) throw new Error(`the regtest node has no block at height ${height}`);
    blocks.push(block.toRaw());
  }
  return blocks;
}

/** Starts a node with the initial blocks (past segwit activation, paying the miner). */
export async function startMinedRegtestNode(): Promise<RegtestNode> {
  const regtest = await startRegtestNode();
  try {
    // A first node still mining: wait for its blocks. One whose mining failed leaves the next node to mine them.
    const blocks = await initialBlocks?.catch(() => undefined);
    if (blocks) {
      for (const raw of blocks) await regtest.node.chain.add(bcoin.Block.fromRaw(raw));
    } else {
      initialBlocks = mineInitialBlocks(regtest);
      await initialBlocks;
    }
    return regtest;
  } catch (error) {
    await regtest.stop();
    throw error;
  }
}
