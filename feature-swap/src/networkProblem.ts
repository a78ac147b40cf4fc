import type { SwapNetworkConfig } from './types.js';

const ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/**
 * What is wrong with a network's suggested tokens, fee tiers or RPC URL (its contracts were checked
 * by `createSwapPlugin`), in words for the integrator; undefined when nothing is.
 */
export function networkProblem(chainId: number, network: SwapNetworkConfig): string | undefined {
  const at = `networks[${chainId}]`;
  for (const [i, token] of (network.tokens ?? []).entries()) {
    if (token?.address !== undefined && !ADDRESS.test(token.address))
      return `${at}.tokens[${i}].address must be a 0x address of 40 hex characters`;
    if (!token?.symbol?.trim() || !Number.isInteger(token.decimals) || token.decimals < 0 || token.decimals > 36) {
      return `${at}.tokens[${i}] needs a symbol and decimals 0..36`;
    }
  }
  const tiers = network.v3?.feeTiers;
  if (tiers && !(tiers.length > 0 && tiers.every((fee) => Number.isInteger(fee) && fee > 0 && fee < 1_000_000))) {
    return `${at}.v3.feeTiers must list fees in hundredths of a basis point, such as 500 and 3000`;
  }
  const kind = network.v3?.routerKind;
  if (kind !== undefined && kind !== 'SwapRouter' && kind !== 'SwapRouter02')
    return `${at}.v3.routerKind must be 'SwapRouter' or 'SwapRouter02'`;
  if (network.rpcUrl !== undefined && !/^https?:\/\/[^/\s]/.test(network.rpcUrl)) return `${at}.rpcUrl must be an http(s) URL`;
  return undefined;
}
