// The part of bcoin@1.0.2 (CommonJS, untyped) the regtest fixture uses.
declare module 'bcoin' {
  interface BcoinScript {
    toRaw(): Buffer;
  }
  interface BcoinOutput {
    value: number;
    script: BcoinScript;
  }
  interface BcoinOutpoint {
    txid(): string;
    index: number;
  }
  interface BcoinInput {
    prevout: BcoinOutpoint;
  }
  interface BcoinTX {
    inputs: BcoinInput[];
    outputs: BcoinOutput[];
    version: number;
    locktime: number;
    txid(): string;
    toRaw(): Buffer;
    isCoinbase(): boolean;
    getSize(): number;
    getWeight(): number;
    getVirtualSize(): number;
  }
  interface BcoinCoinView {
    getOutputFor(input: BcoinInput): BcoinOutput | null;
  }
  interface BcoinTXMeta {
    tx: BcoinTX;
    /** -1 while in the mempool. */
    height: number;
    /** Block hash (internal byte order) once confirmed. */
    block: Buffer | null;
    time: number;
  }
  interface BcoinCoin {
    txid(): string;
    index: number;
    value: number;
    script: BcoinScript;
    /** -1 while in the mempool. */
    height: number;
    coinbase: boolean;
  }
  interface BcoinChainEntry {
    height: number;
    time: number;
    rhash(): string;
  }
  interface BcoinBlock {
    toRaw(): Buffer;
  }
  interface BcoinFullNode {
    open(): Promise<void>;
    connect(): Promise<void>;
    disconnect(): Promise<void>;
    close(): Promise<void>;
    chain: {
      height: number;
      tip: BcoinChainEntry;
      getEntry(height: number): Promise<BcoinChainEntry | null>;
      /** The block at a height of the main chain. */
      getBlock(height: number): Promise<BcoinBlock | null>;
      /** Verifies and connects a block, as mining one does. */
      add(block: BcoinBlock): Promise<BcoinChainEntry | null>;
    };
    mempool: { addTX(tx: BcoinTX): Promise<unknown[] | null> };
    rpc: { call(request: { method: string; params: unknown[] }, batch: unknown[]): Promise<unknown> };
    getCoinsByAddress(addresses: string[]): Promise<BcoinCoin[]>;
    getMetaByAddress(addresses: string[]): Promise<BcoinTXMeta[]>;
    /** `hash` is the internal (byte-reversed) hex of the txid. */
    getMeta(hash: string): Promise<BcoinTXMeta | null>;
    getMetaView(meta: BcoinTXMeta): Promise<BcoinCoinView>;
  }
  interface BcoinFullNodeOptions {
    network: string;
    memory: boolean;
    workers: boolean;
    indexTX: boolean;
    indexAddress: boolean;
    listen: boolean;
    /** Where bcoin's own HTTP API listens (regtest: 127.0.0.1:48332 by default; 0 lets the OS pick). */
    httpHost?: string;
    httpPort?: number;
    logLevel: string;
  }
  const bcoin: {
    FullNode: new (options: BcoinFullNodeOptions) => BcoinFullNode;
    TX: { fromRaw(raw: Buffer): BcoinTX };
    Block: { fromRaw(raw: Buffer): BcoinBlock };
    networks: { regtest: { addressPrefix: { bech32: string } } };
  };
  export default bcoin;
  export type { BcoinCoin, BcoinFullNode, BcoinTX, BcoinTXMeta };
}
