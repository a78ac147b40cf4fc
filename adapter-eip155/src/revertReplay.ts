import { isLatchError, readErrorMessage, readUntrustedProperty } from '@latch/kernel';
import { nodeRequest } from './nodeRequest.js';
import { parseTransaction, readQuantity, type Hex, type NodeTransaction } from './nodeShapes.js';
import { toHexQuantity } from './provider.js';
import { revertData } from './revertData.js';
import type { NetworkClient } from './rpc/client.js';

/** What a replay of a reverted transaction said: its revert data when there is some, and the node's words. */
export interface ReplayedFailure {
  data?: Hex;
  message: string;
}

const DATA = /^0x(?:[0-9a-fA-F]{2})+$/;
const readData = (value: unknown): Hex | undefined => (typeof value === 'string' && DATA.test(value) ? (value as Hex) : undefined);

/** A node call that may be unsupported: undefined when the node refuses it; an abort still rejects. */
async function optional(client: NetworkClient, method: string, params: readonly unknown[], signal?: AbortSignal) {
  try {
    return { reply: await nodeRequest(client, method, params, signal) };
  } catch (err) {
    if (isLatchError(err)) throw err; // aborted
    return { failure: err };
  }
}

const asCall = (transaction: NodeTransaction) => ({
  from: transaction.from,
  ...(transaction.to ? { to: transaction.to } : {}),
  input: transaction.input,
  value: toHexQuantity(transaction.value),
  gas: toHexQuantity(transaction.gas),
});

/** The node's own record of the execution (`debug_traceTransaction`, callTracer): exact, where the node keeps traces. */
async function traced(client: NetworkClient, hash: Hex, signal?: AbortSignal): Promise<ReplayedFailure | undefined> {
  const { reply } = await optional(
    client,
    'debug_traceTransaction',
    [hash, { tracer: 'callTracer', tracerConfig: { onlyTopCall: true } }],
    signal,
  );
  const error = readUntrustedProperty(reply, 'error');
  if (typeof error !== 'string') return undefined;
  const data = readData(readUntrustedProperty(reply, 'output'));
  return { ...(data ? { data } : {}), message: error };
}

/**
 * The block replayed up to the transaction (`eth_simulateV1` on its parent, the block's earlier transactions first,
 * the block's number and time): a front-runner in the same block is applied, as it was on chain.
 */
async function simulated(client: NetworkClient, transaction: NodeTransaction, signal?: AbortSignal): Promise<ReplayedFailure | undefined> {
  const number = toHexQuantity(transaction.blockNumber);
  const { reply: block } = await optional(client, 'eth_getBlockByNumber', [number, true], signal);
  const listed = readUntrustedProperty(block, 'transactions');
  const time = readQuantity(readUntrustedProperty(block, 'timestamp'));
  if (!Array.isArray(listed) || time === undefined) return undefined;
  const earlier = listed
    .map(parseTransaction)
    .filter((t): t is NodeTransaction => t !== undefined && t.transactionIndex < transaction.transactionIndex);
  if (earlier.length !== transaction.transactionIndex) return undefined; // a block we cannot read whole gives no honest replay
  const blockOverrides = { number, time: toHexQuantity(BigInt(time)) };
  const calls = [...earlier.sort((a, b) => a.transactionIndex - b.transactionIndex), transaction].map(asCall);
  const params = [{ blockStateCalls: [{ blockOverrides, calls }], validation: false }, toHexQuantity(transaction.blockNumber - 1n)];
  const { reply } = await optional(client, 'eth_simulateV1', params, signal);
  const results = readUntrustedProperty(Array.isArray(reply) ? reply[0] : undefined, 'calls');
  const last = Array.isArray(results) && results.length === calls.length ? results.at(-1) : undefined;
  if (readUntrustedProperty(last, 'status') !== '0x0') return undefined;
  const error = readUntrustedProperty(last, 'error');
  const data = readData(readUntrustedProperty(error, 'data')) ?? readData(readUntrustedProperty(last, 'returnData'));
  const message = readUntrustedProperty(error, 'message');
  return { ...(data ? { data } : {}), message: typeof message === 'string' ? message : 'execution reverted' };
}

/** `eth_call` on the parent block: the right state only for the block's first transaction. */
async function firstInBlock(
  client: NetworkClient,
  transaction: NodeTransaction,
  signal?: AbortSignal,
): Promise<ReplayedFailure | undefined> {
  if (transaction.transactionIndex !== 0) return undefined;
  const { input, ...rest } = asCall(transaction);
  const { failure } = await optional(client, 'eth_call', [{ ...rest, data: input }, toHexQuantity(transaction.blockNumber - 1n)], signal);
  if (failure === undefined) return undefined;
  const data = revertData(failure);
  return { ...(data ? { data } : {}), message: readErrorMessage(failure) };
}

/**
 * How a mined transaction failed, read on the state it ran on: the node's trace, else the block replayed up to it,
 * else (first in its block only) a call on the parent block. Undefined when no replay is possible at the right state.
 */
export async function replayFailure(
  client: NetworkClient,
  transaction: NodeTransaction,
  signal?: AbortSignal,
): Promise<ReplayedFailure | undefined> {
  if (transaction.blockNumber === 0n) return undefined;
  return (
    (await traced(client, transaction.hash, signal)) ??
    (await simulated(client, transaction, signal)) ??
    (await firstInBlock(client, transaction, signal))
  );
}
