/* What a node returns for transactions, receipts and logs, checked field by field: nothing is trusted. */

export type Hex = `0x${string}`;

export interface NodeTransaction {
  hash: Hex;
  /** Lowercase, for comparisons. */
  from: Hex;
  /** Lowercase; absent for a contract creation. */
  to?: Hex;
  value: bigint;
  input: Hex;
  gas: bigint;
  blockNumber: bigint;
  transactionIndex: number;
}

export interface NodeLog {
  /** Lowercase contract address. */
  address: Hex;
  topics: Hex[];
  data: Hex;
  transactionHash: Hex;
  blockNumber: bigint;
}

export interface NodeReceipt {
  transactionHash: Hex;
  status: 'success' | 'reverted';
  blockNumber: bigint;
  gasUsed: bigint;
  logs: NodeLog[];
  /** Lowercase; set for a contract creation. */
  contractAddress?: Hex;
  /** Seconds; Otterscan's receipts carry their block's time. */
  timestamp?: number;
}

const HASH = /^0x[0-9a-fA-F]{64}$/;
const ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const QUANTITY = /^0x[0-9a-fA-F]{1,64}$/;
const DATA = /^0x(?:[0-9a-fA-F]{2})*$/;

const record = (value: unknown): Record<string, unknown> | undefined =>
  typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;

export const isHash = (value: unknown): value is Hex => typeof value === 'string' && HASH.test(value);
export const readAddress = (value: unknown): Hex | undefined =>
  typeof value === 'string' && ADDRESS.test(value) ? (value.toLowerCase() as Hex) : undefined;
export const readQuantity = (value: unknown): bigint | undefined =>
  typeof value === 'string' && QUANTITY.test(value) ? BigInt(value) : undefined;
const readData = (value: unknown): Hex | undefined => (typeof value === 'string' && DATA.test(value) ? (value as Hex) : undefined);
const readSmallNumber = (value: unknown): number | undefined => {
  const quantity = readQuantity(value);
  return quantity !== undefined && quantity <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(quantity) : undefined;
};

/** A mined transaction (eth_getTransactionByHash, Otterscan's `txs`), or undefined when malformed or pending. */
export function parseTransaction(value: unknown): NodeTransaction | undefined {
  const raw = record(value);
  if (!raw || !isHash(raw.hash)) return undefined;
  const from = readAddress(raw.from);
  const to = raw.to === null || raw.to === undefined ? undefined : readAddress(raw.to);
  const valueWei = readQuantity(raw.value);
  const input = readData(raw.input ?? '0x');
  const gas = readQuantity(raw.gas);
  const blockNumber = readQuantity(raw.blockNumber);
  const transactionIndex = readSmallNumber(raw.transactionIndex);
  if (!from || (raw.to != null && !to) || valueWei === undefined || !input || gas === undefined) return undefined;
  if (blockNumber === undefined || transactionIndex === undefined) return undefined;
  return { hash: raw.hash, from, ...(to ? { to } : {}), value: valueWei, input, gas, blockNumber, transactionIndex };
}

/** A log (eth_getLogs, a receipt's `logs`), or undefined when malformed. */
export function parseLog(value: unknown): NodeLog | undefined {
  const raw = record(value);
  if (!raw || !Array.isArray(raw.topics) || !raw.topics.every(isHash) || !isHash(raw.transactionHash)) return undefined;
  const address = readAddress(raw.address);
  const data = readData(raw.data);
  const blockNumber = readQuantity(raw.blockNumber);
  if (!address || !data || blockNumber === undefined || raw.removed === true) return undefined;
  return { address, topics: raw.topics as Hex[], data, transactionHash: raw.transactionHash, blockNumber };
}

/** A receipt; its malformed logs are left out, a malformed receipt is undefined. */
export function parseReceipt(value: unknown): NodeReceipt | undefined {
  const raw = record(value);
  if (!raw || !isHash(raw.transactionHash) || (raw.status !== '0x1' && raw.status !== '0x0')) return undefined;
  const blockNumber = readQuantity(raw.blockNumber);
  const gasUsed = readQuantity(raw.gasUsed);
  if (blockNumber === undefined || gasUsed === undefined || !Array.isArray(raw.logs)) return undefined;
  const contractAddress = readAddress(raw.contractAddress);
  const timestamp = readTimestamp(raw.timestamp);
  return {
    transactionHash: raw.transactionHash,
    status: raw.status === '0x1' ? 'success' : 'reverted',
    blockNumber,
    gasUsed,
    logs: raw.logs.map(parseLog).filter((log): log is NodeLog => log !== undefined),
    ...(contractAddress ? { contractAddress } : {}),
    ...(timestamp === undefined ? {} : { timestamp }),
  };
}

// Erigon's Otterscan receipts give the time as a JSON number, anvil's and blocks' as a hex quantity.
const readTimestamp = (value: unknown): number | undefined =>
  typeof value === 'number' ? (Number.isSafeInteger(value) && value >= 0 ? value : undefined) : readSmallNumber(value);

/** A block's time in seconds (eth_getBlockByNumber), or undefined. */
export function parseBlockTimestamp(value: unknown): number | undefined {
  return readTimestamp(record(value)?.timestamp);
}
