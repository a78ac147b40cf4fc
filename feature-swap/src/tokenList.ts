import type { CaipNetwork, TokenBalance } from '@latch/kernel';
import type { SwapToken } from './types.js';

/** A token in the picker, with the account's balance when it holds some (whole units, as the kernel has it). */
export interface ListedToken extends SwapToken {
  readonly balance?: string;
}

/** A token's key in lists and swap arguments: its lower-cased address, or 'native'. */
export const tokenKey = (token: Pick<SwapToken, 'address'>) => token.address?.toLowerCase() ?? 'native';

const heldAmount = (numeric: string) => /[1-9]/.test(numeric);

/**
 * The picker's list: tokens the account holds on this network first (the Tokens tab's rows), then
 * the network's native currency and the suggested tokens it does not hold; each token once.
 */
export function swapTokenList(network: CaipNetwork, balances: readonly TokenBalance[], suggested: readonly SwapToken[]): ListedToken[] {
  const seen = new Set<string>();
  const list: ListedToken[] = [];
  const add = (token: ListedToken) => {
    const key = tokenKey(token);
    if (seen.has(key)) return;
    seen.add(key);
    list.push(token);
  };
  for (const row of balances) {
    if (row.chainId !== network.caipNetworkId || !heldAmount(row.quantity.numeric)) continue;
    const decimals = Number(row.quantity.decimals);
    if (!Number.isInteger(decimals)) continue;
    add({
      ...(row.address ? { address: row.address as `0x${string}` } : {}),
      symbol: row.symbol,
      name: row.name,
      decimals,
      balance: row.quantity.numeric,
      ...(row.iconUrl ? { iconUrl: row.iconUrl } : {}),
    });
  }
  add({ symbol: network.nativeCurrency.symbol, name: network.nativeCurrency.name, decimals: network.nativeCurrency.decimals });
  for (const token of suggested) add(token);
  return list;
}

/** Tokens whose symbol or name contains the query, or whose address is it (case-insensitive). */
export function searchTokens(list: readonly ListedToken[], query: string): ListedToken[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  return list.filter(
    (token) => token.symbol.toLowerCase().includes(q) || token.name.toLowerCase().includes(q) || token.address?.toLowerCase() === q,
  );
}

/** A swap argument ('native' or an address) resolved against the list. */
export function findToken(list: readonly ListedToken[], key: string | undefined): ListedToken | undefined {
  if (!key) return undefined;
  const wanted = key.toLowerCase();
  return list.find((token) => tokenKey(token) === wanted);
}
