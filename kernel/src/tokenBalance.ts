import { formatUnits } from './primitives.js';
import type { CaipNetwork, TokenBalance } from './types.js';

/** The §3 token-balance row of a network's native currency (no `address`), from its smallest unit. */
export function nativeTokenBalance(network: CaipNetwork, amount: bigint): TokenBalance {
  const { name, symbol, decimals } = network.nativeCurrency;
  return {
    name,
    symbol,
    chainId: network.caipNetworkId,
    quantity: { decimals: String(decimals), numeric: formatUnits(amount, decimals) },
    iconUrl: network.assets?.imageUrl ?? '',
  };
}

/** §5: balances whose decimals are '0' are dropped. */
export function filterTokenBalances(list: readonly TokenBalance[]): TokenBalance[] {
  return list.filter((balance) => balance.quantity.decimals !== '0');
}
