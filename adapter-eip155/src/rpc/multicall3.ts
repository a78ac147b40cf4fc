import { getCode } from 'viem/actions';
import { MULTICALL3_ADDRESS } from '../constants.js';
import type { NetworkClient } from './client.js';

// One answer per chain: the adapter keeps one client per network, so a client stands for its chain.
const deployed = new WeakMap<NetworkClient, Promise<boolean>>();

/**
 * Whether Multicall3 has code at its canonical address on this chain (a fresh devnet has none): asked once per chain
 * (`eth_getCode`); a failed question is asked again next time.
 */
export function hasMulticall3(client: NetworkClient): Promise<boolean> {
  let answer = deployed.get(client);
  if (!answer) {
    const asked = getCode(client, { address: MULTICALL3_ADDRESS }).then((code) => code !== undefined && code !== '0x');
    deployed.set(client, (answer = asked));
    asked.catch(() => deployed.get(client) === asked && deployed.delete(client));
  }
  return answer;
}

/** Each read on its own (`eth_call`), a few at a time, for a chain without Multicall3: a failed one is undefined. */
export async function readEach<T>(items: readonly T[], read: (item: T) => Promise<unknown>, concurrency = 8): Promise<unknown[]> {
  const results: unknown[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await read(items[index] as T).catch(() => undefined);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
  return results;
}
