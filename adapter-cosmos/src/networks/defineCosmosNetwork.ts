import { invalidOption } from '@latch/kernel';
import type { BlockExplorer, CaipNetworkId } from '@latch/kernel';
import {
  CAIP5_DIRECT_REFERENCE,
  COSMOS_NAMESPACE,
  type CosmosChainConfig,
  type CosmosNetwork,
  cosmosChainConfigProblem,
  type KeplrChainInfo,
} from './cosmosNetwork.js';

export interface CosmosNetworkDefinition {
  /** The Cosmos chain id; it must be its own CAIP-2 reference (CAIP-5 direct form: 1 to 32 of a-z, A-Z, 0-9, '-'). */
  chainId: string;
  name: string;
  rpcUrl: string;
  denom: string;
  symbol: string;
  decimals: number;
  bech32Prefix: string;
  /** The native currency's long name; `symbol` by default. */
  currencyName?: string;
  /** `0.025<denom>` by default. */
  gasPrice?: string;
  chainInfo?: KeplrChainInfo;
  blockExplorer?: BlockExplorer;
  testnet?: boolean;
}

function assertHttpUrl(url: unknown, field: string): void {
  let protocol: string | undefined;
  try {
    protocol = new URL(String(url)).protocol;
  } catch {
    protocol = undefined;
  }
  if (typeof url !== 'string' || (protocol !== 'http:' && protocol !== 'https:')) {
    throw invalidOption(`${field} must be an http(s) URL (got "${String(url)}")`);
  }
}

/**
 * A Cosmos network the adapter can use: a `CaipNetwork` of namespace `cosmos` with its chain data under `cosmos`.
 * This is how a third party adds a chain: `defineCosmosNetwork({ chainId: 'juno-1', … })` in `createModal({ networks })`.
 */
export function defineCosmosNetwork(definition: CosmosNetworkDefinition): CosmosNetwork {
  const { chainId, name, rpcUrl, denom, symbol, decimals, bech32Prefix } = definition;
  if (typeof chainId !== 'string' || !CAIP5_DIRECT_REFERENCE.test(chainId)) {
    throw invalidOption(`chainId must be 1 to 32 of a-z, A-Z, 0-9 and '-' to be a CAIP-2 reference (got "${String(chainId)}")`);
  }
  if (typeof name !== 'string' || name.trim() === '') throw invalidOption('name must be a non-empty string');
  if (typeof symbol !== 'string' || symbol.trim() === '') throw invalidOption('symbol must be a non-empty string');
  assertHttpUrl(rpcUrl, 'rpcUrl');
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw invalidOption(`decimals must be an integer from 0 to 255 (got ${String(decimals)})`);
  }
  const cosmos: CosmosChainConfig = {
    chainId,
    denom,
    bech32Prefix,
    gasPrice: definition.gasPrice ?? `0.025${denom}`,
    ...(definition.chainInfo ? { chainInfo: definition.chainInfo } : {}),
  };
  const problem = cosmosChainConfigProblem(cosmos);
  if (problem) throw invalidOption(`Invalid Cosmos chain data: ${problem}`);
  return {
    id: chainId,
    name,
    caipNetworkId: `${COSMOS_NAMESPACE}:${chainId}` as CaipNetworkId,
    chainNamespace: COSMOS_NAMESPACE,
    nativeCurrency: { name: definition.currencyName ?? symbol, symbol, decimals },
    rpcUrls: { default: { http: [rpcUrl] } },
    ...(definition.blockExplorer ? { blockExplorers: { default: definition.blockExplorer } } : {}),
    testnet: definition.testnet ?? false,
    cosmos,
  };
}

export interface KeplrChainInfoOptions {
  chainId: string;
  name: string;
  rpcUrl: string;
  /** The chain's REST (LCD) endpoint; the RPC URL when the chain has none. */
  restUrl?: string;
  denom: string;
  symbol: string;
  decimals: number;
  bech32Prefix: string;
  /** SLIP-44 coin type of its keys; 118 (ATOM's) by default. */
  coinType?: number;
}

/** A Keplr `ChainInfo` for `experimentalSuggestChain`: what a wallet needs to add a chain it does not ship. */
export function createKeplrChainInfo(options: KeplrChainInfoOptions): KeplrChainInfo {
  const { bech32Prefix: prefix } = options;
  assertHttpUrl(options.rpcUrl, 'rpcUrl');
  if (options.restUrl !== undefined) assertHttpUrl(options.restUrl, 'restUrl');
  const currency = { coinDenom: options.symbol, coinMinimalDenom: options.denom, coinDecimals: options.decimals };
  return {
    chainId: options.chainId,
    chainName: options.name,
    rpc: options.rpcUrl,
    rest: options.restUrl ?? options.rpcUrl,
    bip44: { coinType: options.coinType ?? 118 },
    bech32Config: {
      bech32PrefixAccAddr: prefix,
      bech32PrefixAccPub: `${prefix}pub`,
      bech32PrefixValAddr: `${prefix}valoper`,
      bech32PrefixValPub: `${prefix}valoperpub`,
      bech32PrefixConsAddr: `${prefix}valcons`,
      bech32PrefixConsPub: `${prefix}valconspub`,
    },
    currencies: [currency],
    feeCurrencies: [{ ...currency, gasPriceStep: { low: 0.01, average: 0.025, high: 0.04 } }],
    stakeCurrency: currency,
  };
}
