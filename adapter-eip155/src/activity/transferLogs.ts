import { LatchError, toLatchError } from '@latch/kernel';
import { nodeRequest } from '../nodeRequest.js';
import { parseLog, type Hex, type NodeLog } from '../nodeShapes.js';
import { toHexQuantity } from '../provider.js';
import type { NetworkClient } from '../rpc/client.js';

/** keccak256('Transfer(address,address,uint256)'): ERC-20 and ERC-721 share it (ERC-721 indexes the id). */
export const TRANSFER_TOPIC: Hex = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

/** An address as an indexed topic. */
export const addressTopic = (address: Hex): Hex => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`;

export interface TransferLogQuery {
  account: Hex;
  fromBlock: bigint;
  toBlock: bigint;
  /** Only these contracts; undefined for every contract. */
  contracts?: readonly Hex[];
}

async function getLogs(client: NetworkClient, filter: Record<string, unknown>, signal?: AbortSignal): Promise<NodeLog[]> {
  let reply: unknown;
  try {
    reply = await nodeRequest(client, 'eth_getLogs', [filter], signal);
  } catch (err) {
    throw toLatchError(err, 'RPC_ERROR');
  }
  if (!Array.isArray(reply)) throw new LatchError('The node returned unreadable logs', { category: 'RPC_ERROR' });
  return reply.map(parseLog).filter((log): log is NodeLog => log !== undefined);
}

/** `Transfer` events from or to the account in a block range (two eth_getLogs: topics cannot be OR-ed across positions). */
export async function readTransferLogs(client: NetworkClient, query: TransferLogQuery, signal?: AbortSignal): Promise<NodeLog[]> {
  if (query.contracts?.length === 0) return [];
  const topic = addressTopic(query.account);
  const base = {
    fromBlock: toHexQuantity(query.fromBlock),
    toBlock: toHexQuantity(query.toBlock),
    ...(query.contracts ? { address: [...query.contracts] } : {}),
  };
  const [sent, received] = await Promise.all([
    getLogs(client, { ...base, topics: [TRANSFER_TOPIC, topic] }, signal),
    getLogs(client, { ...base, topics: [TRANSFER_TOPIC, null, topic] }, signal),
  ]);
  const allowed = query.contracts && new Set(query.contracts.map((contract) => contract.toLowerCase()));
  // A node may ignore part of the filter: keep only what the filter asked for.
  return [...sent, ...received].filter(
    (log) =>
      log.topics[0] === TRANSFER_TOPIC &&
      (!allowed || allowed.has(log.address)) &&
      (log.topics[1]?.toLowerCase() === topic || log.topics[2]?.toLowerCase() === topic) &&
      log.blockNumber >= query.fromBlock &&
      log.blockNumber <= query.toBlock,
  );
}
