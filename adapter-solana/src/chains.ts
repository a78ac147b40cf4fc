import type { CaipNetwork } from '@latch/kernel';
import { solana, solanaDevnet, solanaTestnet } from './networks/clusters.js';

/** The cluster names wallets list (@solana/wallet-standard-chains), as the genesis-hash CAIP-2 ids they stand for. */
const CLUSTER_ALIASES: Readonly<Record<string, string>> = {
  'solana:mainnet': solana.caipNetworkId,
  'solana:devnet': solanaDevnet.caipNetworkId,
  'solana:testnet': solanaTestnet.caipNetworkId,
};
export const LOCALNET_CHAIN = 'solana:localnet';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A network served by a validator on this machine: what a wallet means by `solana:localnet`. */
function isLocalNetwork(network: CaipNetwork): boolean {
  if (network.caipNetworkId === LOCALNET_CHAIN) return true;
  const url = network.rpcUrls.default.http[0];
  try {
    return url !== undefined && LOCAL_HOSTS.has(new URL(url).hostname);
  } catch {
    return false;
  }
}

export function isSolanaChain(chain: unknown): chain is `solana:${string}` {
  return typeof chain === 'string' && chain.startsWith('solana:') && chain.length > 'solana:'.length;
}

/** Whether a chain id a wallet lists (CAIP-2, deprecated CAIP-2 or cluster name) stands for the network. */
export function chainMatchesNetwork(chain: string, network: CaipNetwork): boolean {
  const ids = [network.caipNetworkId, network.deprecatedCaipNetworkId];
  if (ids.includes(chain as CaipNetwork['caipNetworkId'])) return true;
  const alias = CLUSTER_ALIASES[chain];
  if (alias !== undefined) return ids.includes(alias as CaipNetwork['caipNetworkId']);
  return chain === LOCALNET_CHAIN && isLocalNetwork(network);
}

/** The wallet's own id for the network (its exact CAIP-2 id first), or undefined when it does not support it. */
export function walletChainFor(walletChains: readonly string[], network: CaipNetwork): `solana:${string}` | undefined {
  const exact = walletChains.find((chain) => chain === network.caipNetworkId);
  const match = exact ?? walletChains.find((chain) => chainMatchesNetwork(chain, network));
  return isSolanaChain(match) ? match : undefined;
}

/** With no configured network (no setup yet), any Solana chain will do. */
export function supportsAnyNetwork(walletChains: readonly string[], networks: readonly CaipNetwork[]): boolean {
  if (networks.length === 0) return walletChains.some(isSolanaChain);
  return networks.some((network) => walletChainFor(walletChains, network) !== undefined);
}
