import { LatchError, parseCaipNetworkId } from '@latch/kernel';
import type { TransferRequest } from '@latch/kernel';
import { isCosmosAddress } from './address.js';
import { cosmosChainOf } from './chainConfig.js';
import { COSMOS_NAMESPACE, type CosmosChainConfig } from './networks/cosmosNetwork.js';

const invalid = (message: string) => new LatchError(message, { category: 'VALIDATION_ERROR' });

/** Checked before anything reaches the wallet: a transfer of the native denom between two addresses of the network's prefix. */
export function validTransferChain({ from, to, amount, token, network }: TransferRequest): CosmosChainConfig {
  if (token !== undefined) throw invalid('Only the native currency can be sent on Cosmos networks for now');
  if (parseCaipNetworkId(network?.caipNetworkId ?? '')?.namespace !== COSMOS_NAMESPACE)
    throw invalid(`Not a Cosmos network: ${network?.caipNetworkId}`);
  const chain = cosmosChainOf(network);
  if (!isCosmosAddress(from, chain.bech32Prefix)) throw invalid(`Invalid transfer sender: not a ${chain.bech32Prefix}1… address`);
  if (!isCosmosAddress(to, chain.bech32Prefix)) throw invalid(`Invalid transfer receiver: not a ${chain.bech32Prefix}1… address`);
  if (typeof amount !== 'bigint' || amount <= 0n) throw invalid('Invalid transfer amount: it must be positive');
  return chain;
}

export function rpcUrlOf(network: { caipNetworkId: string; rpcUrls: { default: { http: readonly string[] } } }): string {
  const rpcUrl = network.rpcUrls?.default?.http?.[0];
  if (!rpcUrl) throw invalid(`Network ${network.caipNetworkId} has no RPC URL`);
  return rpcUrl;
}
