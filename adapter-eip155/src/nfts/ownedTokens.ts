import { decodeFunctionResult, encodeFunctionData, multicall3Abi, type Hex } from 'viem';
import { readContract } from 'viem/actions';
import { MULTICALL3_ADDRESS } from '../constants.js';
import type { NetworkClient } from '../rpc/client.js';
import { hasMulticall3, readEach } from '../rpc/multicall3.js';
import type { ConfiguredCollection } from './config.js';
import { ERC721_ENUMERABLE_INTERFACE_ID, ERC721_INTERFACE_ID, TRANSFER_TOPIC, erc721ReadAbi } from './erc721Abi.js';
import { LatchError } from '@latch/kernel';

type ReadFunction = (typeof erc721ReadAbi)[number]['name'];

export interface ReadCall {
  address: `0x${string}`;
  functionName: ReadFunction;
  args: readonly unknown[];
}

function decodeReply(read: ReadCall, reply: { success: boolean; returnData: Hex } | undefined): unknown {
  if (!reply?.success || reply.returnData === '0x') return undefined;
  try {
    return decodeFunctionResult({ abi: erc721ReadAbi, functionName: read.functionName, data: reply.returnData } as never);
  } catch {
    return undefined; // not what an ERC-721 answers: treated like a failed call
  }
}

/** One Multicall3 aggregate3 eth_call, each call allowed to fail (undefined); a node error rejects the whole. */
async function aggregate(client: NetworkClient, reads: readonly ReadCall[]): Promise<unknown[]> {
  const calls = reads.map((read) => ({
    target: read.address,
    allowFailure: true,
    callData: encodeFunctionData({ abi: erc721ReadAbi, functionName: read.functionName, args: read.args } as never),
  }));
  // aggregate3 is payable in the ABI, so viem's types refuse readContract; eth_call is what it does.
  const replies = (await readContract(client, {
    address: MULTICALL3_ADDRESS,
    abi: multicall3Abi,
    functionName: 'aggregate3',
    args: [calls],
  } as never)) as readonly { success: boolean; returnData: Hex }[];
  return reads.map((read, index) => decodeReply(read, replies[index]));
}

/**
 * The calls in aggregate3 batches of `chunkSize` (all in one by default), or one `eth_call` each on a chain without
 * Multicall3: each result, or undefined where it failed.
 */
export async function readAll(client: NetworkClient, reads: readonly ReadCall[], chunkSize = reads.length): Promise<unknown[]> {
  if (reads.length === 0) return [];
  if (!(await hasMulticall3(client))) {
    return readEach(reads, (read) => readContract(client, { abi: erc721ReadAbi, ...read } as never));
  }
  const chunks: ReadCall[][] = [];
  for (let start = 0; start < reads.length; start += Math.max(1, chunkSize)) chunks.push(reads.slice(start, start + chunkSize));
  return (await Promise.all(chunks.map((chunk) => aggregate(client, chunk)))).flat();
}

/** A configured address that answered as an ERC-721 (ERC-165), with the account's balance in it. */
export interface Collection extends ConfiguredCollection {
  enumerable: boolean;
  balance: bigint;
  name?: string;
  symbol?: string;
}

const PROBES = ['erc721', 'enumerable', 'balanceOf', 'name', 'symbol'] as const;

/** One aggregate3 call for every collection: ERC-165 answers, the balance, name and symbol. Non-ERC-721s are left out. */
export async function probeCollections(client: NetworkClient, owner: `0x${string}`, collections: readonly ConfiguredCollection[]) {
  const calls = collections.flatMap(({ address }): ReadCall[] => [
    { address, functionName: 'supportsInterface', args: [ERC721_INTERFACE_ID] },
    { address, functionName: 'supportsInterface', args: [ERC721_ENUMERABLE_INTERFACE_ID] },
    { address, functionName: 'balanceOf', args: [owner] },
    { address, functionName: 'name', args: [] },
    { address, functionName: 'symbol', args: [] },
  ]);
  const results = await readAll(client, calls);
  const probed: Collection[] = [];
  collections.forEach((collection, index) => {
    const [erc721, enumerable, balance, name, symbol] = PROBES.map((_, probe) => results[index * PROBES.length + probe]);
    if (erc721 !== true || typeof balance !== 'bigint') return;
    probed.push({
      ...collection,
      enumerable: enumerable === true,
      balance,
      ...(typeof name === 'string' && name.trim() !== '' ? { name } : {}),
      ...(typeof symbol === 'string' && symbol.trim() !== '' ? { symbol } : {}),
    });
  });
  return probed;
}

/** ERC721Enumerable: the tokens at positions `offset…offset+count` counted from the last index (newest first). */
export async function readEnumeratedIds(
  client: NetworkClient,
  owner: `0x${string}`,
  collection: Collection,
  offset: number,
  count: number,
): Promise<bigint[]> {
  const last = collection.balance - 1n;
  const calls: ReadCall[] = [];
  for (let k = offset; k < offset + count && BigInt(k) <= last; k++) {
    calls.push({ address: collection.address, functionName: 'tokenOfOwnerByIndex', args: [owner, last - BigInt(k)] });
  }
  const ids = await readAll(client, calls);
  return ids.filter((id): id is bigint => typeof id === 'bigint');
}

const TOPIC = /^0x[0-9a-fA-F]{64}$/;
const OWNER_CHECKS_PER_CALL = 500;

/** Token ids of the Transfer logs to `owner` (four topics: ERC-20 transfers have three), newest first, once each. */
function receivedIds(logs: unknown): bigint[] {
  if (!Array.isArray(logs)) throw new LatchError('eth_getLogs did not answer a list', { category: 'RPC_ERROR' });
  const ids: bigint[] = [];
  const seen = new Set<string>();
  for (const log of [...logs].reverse()) {
    const topics: unknown = (log as { topics?: unknown } | null)?.topics;
    if (!Array.isArray(topics) || topics.length !== 4 || topics[0] !== TRANSFER_TOPIC || !TOPIC.test(String(topics[3]))) continue;
    const id = BigInt(topics[3] as string);
    if (!seen.has(id.toString())) ids.push(id);
    seen.add(id.toString());
  }
  return ids;
}

/** Without enumeration: every id ever sent to `owner` (Transfer logs), kept where `ownerOf` still says `owner`. */
export async function readLoggedIds(client: NetworkClient, owner: `0x${string}`, collection: Collection): Promise<bigint[]> {
  const ownerTopic = `0x${owner.slice(2).toLowerCase().padStart(64, '0')}`;
  const logs = await client.request({
    method: 'eth_getLogs',
    params: [
      {
        address: collection.address,
        topics: [TRANSFER_TOPIC, null, ownerTopic],
        fromBlock: `0x${collection.fromBlock.toString(16)}`,
        toBlock: 'latest',
      },
    ],
  } as never);
  const candidates = receivedIds(logs);
  // Chunked: a long history must not become one eth_call too large for the node.
  const owners = await readAll(
    client,
    candidates.map((id): ReadCall => ({ address: collection.address, functionName: 'ownerOf', args: [id] })),
    OWNER_CHECKS_PER_CALL,
  );
  return candidates.filter((_, index) => {
    const current = owners[index];
    return typeof current === 'string' && current.toLowerCase() === owner.toLowerCase();
  });
}
