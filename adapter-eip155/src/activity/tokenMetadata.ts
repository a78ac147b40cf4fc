import { erc20Abi, type Address } from 'viem';
import { readContract } from 'viem/actions';
import { abortable } from '../abortable.js';
import type { Hex } from '../nodeShapes.js';
import type { NetworkClient } from '../rpc/client.js';
import { LatchError } from '@latch/kernel';

export interface TokenMetadata {
  name?: string;
  symbol?: string;
  /** ERC-20 only. */
  decimals?: number;
}

const MAX_CACHED_CONTRACTS = 512;

// A contract's own strings are untrusted: control characters go and the length is capped.
const cleanText = (value: unknown, max: number): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const text = value
    .replace(/\p{Cc}/gu, '')
    .trim()
    .slice(0, max);
  return text === '' ? undefined : text;
};

async function readMetadata(client: NetworkClient, contract: Hex, standard: 'erc20' | 'erc721'): Promise<TokenMetadata> {
  const read = (functionName: 'name' | 'symbol' | 'decimals') =>
    readContract(client, { address: contract as Address, abi: erc20Abi, functionName }) as Promise<unknown>;
  const [name, symbol, decimals] = await Promise.allSettled([
    read('name'),
    read('symbol'),
    standard === 'erc20' ? read('decimals') : Promise.resolve(undefined),
  ]);
  const value = (result: PromiseSettledResult<unknown>) => (result.status === 'fulfilled' ? result.value : undefined);
  if ([name, symbol, decimals].every((result) => result.status === 'rejected'))
    throw new LatchError(`no metadata from ${contract}`, { category: 'RPC_ERROR' });
  const places = value(decimals);
  return {
    ...(cleanText(value(name), 64) ? { name: cleanText(value(name), 64) } : {}),
    ...(cleanText(value(symbol), 16) ? { symbol: cleanText(value(symbol), 16) } : {}),
    ...(typeof places === 'number' && Number.isInteger(places) && places >= 0 && places <= 77 ? { decimals: places } : {}),
  };
}

/** Token names, symbols and decimals read once per contract and network (a failed read is asked again next time). */
export function createTokenMetadataCache() {
  const cache = new Map<string, Promise<TokenMetadata>>();
  return {
    read(client: NetworkClient, networkKey: string, contract: Hex, standard: 'erc20' | 'erc721', signal?: AbortSignal) {
      const key = `${networkKey}|${standard}|${contract.toLowerCase()}`;
      let metadata = cache.get(key);
      if (!metadata) {
        if (cache.size >= MAX_CACHED_CONTRACTS) cache.clear();
        metadata = readMetadata(client, contract, standard);
        cache.set(key, metadata);
        metadata.catch(() => cache.delete(key));
      }
      return abortable(metadata, signal).catch((err: unknown) => {
        if (signal?.aborted) throw err;
        return undefined;
      });
    },
  };
}

export type TokenMetadataCache = ReturnType<typeof createTokenMetadataCache>;
