import { erc20Abi, multicall3Abi, type Address } from 'viem';
import { getBalance, multicall, readContract } from 'viem/actions';
import { formatUnits, nativeTokenBalance } from '@latch/kernel';
import type { CaipNetwork, TokenBalance } from '@latch/kernel';
import { MULTICALL3_ADDRESS } from '../constants.js';
import type { ConfiguredToken } from '../tokens.js';
import type { NetworkClient } from './client.js';
import { hasMulticall3, readEach } from './multicall3.js';

export function readNativeBalance(client: NetworkClient, address: string): Promise<bigint> {
  return getBalance(client, { address: address as Address });
}

interface CallResult {
  status: 'success' | 'failure';
  result?: unknown;
}

const TOKEN_FUNCTIONS = ['balanceOf', 'decimals', 'symbol', 'name'] as const;

/**
 * The native balance and every configured ERC-20 (balanceOf, decimals, symbol, name) in ONE Multicall3
 * aggregate3 call, or, on a chain without Multicall3, `eth_getBalance` and one `eth_call` per read; a token
 * whose calls fail is left out rather than failing the list.
 */
export async function readTokenBalances(
  client: NetworkClient,
  address: string,
  network: CaipNetwork,
  tokens: readonly ConfiguredToken[],
): Promise<TokenBalance[]> {
  const owner = address as Address;
  if (tokens.length === 0) return [nativeTokenBalance(network, await readNativeBalance(client, owner))];
  const results = (await hasMulticall3(client)) ? await readAggregated(client, owner, tokens) : await readOneByOne(client, owner, tokens);
  return toBalances(network, tokens, results);
}

const tokenCalls = (owner: Address, tokens: readonly ConfiguredToken[]) =>
  tokens.flatMap((token) =>
    TOKEN_FUNCTIONS.map((functionName) => ({
      address: token.address,
      abi: erc20Abi,
      functionName,
      args: functionName === 'balanceOf' ? [owner] : [],
    })),
  );

async function readAggregated(client: NetworkClient, owner: Address, tokens: readonly ConfiguredToken[]): Promise<CallResult[]> {
  const nativeCall = { address: MULTICALL3_ADDRESS, abi: multicall3Abi, functionName: 'getEthBalance', args: [owner] } as const;
  return (await multicall(client, {
    contracts: [nativeCall, ...tokenCalls(owner, tokens)] as never,
    allowFailure: true,
    batchSize: 0, // never split: one aggregate3 call whatever the token count
    multicallAddress: MULTICALL3_ADDRESS,
  })) as unknown as CallResult[];
}

/** The same reads as the aggregate, in the same order, without Multicall3; the native balance must answer. */
async function readOneByOne(client: NetworkClient, owner: Address, tokens: readonly ConfiguredToken[]): Promise<CallResult[]> {
  const [native, reads] = await Promise.all([
    readNativeBalance(client, owner),
    readEach(tokenCalls(owner, tokens), (call) => readContract(client, call as never)),
  ]);
  const asResult = (result: unknown): CallResult => (result === undefined ? { status: 'failure' } : { status: 'success', result });
  return [{ status: 'success', result: native }, ...reads.map(asResult)];
}

function toBalances(network: CaipNetwork, tokens: readonly ConfiguredToken[], results: readonly CallResult[]): TokenBalance[] {
  const balances: TokenBalance[] = [];
  const native = results[0];
  if (native?.status === 'success' && typeof native.result === 'bigint') balances.push(nativeTokenBalance(network, native.result));
  tokens.forEach((token, index) => {
    const [balance, decimals, symbol, name] = results
      .slice(1 + index * 4, 5 + index * 4)
      .map((r) => (r.status === 'success' ? r.result : undefined));
    if (typeof balance !== 'bigint' || typeof decimals !== 'number' || typeof symbol !== 'string' || typeof name !== 'string') return;
    balances.push({
      name,
      symbol,
      chainId: network.caipNetworkId,
      address: token.address,
      quantity: { decimals: String(decimals), numeric: formatUnits(balance, decimals) },
      iconUrl: token.image ?? '',
    });
  });
  return balances;
}
