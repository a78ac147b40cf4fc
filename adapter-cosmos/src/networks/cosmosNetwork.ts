import type { CaipNetwork } from '@latch/kernel';

/** The parts of a Keplr `ChainInfo` a wallet needs to add a chain it does not know (`experimentalSuggestChain`). */
export interface KeplrChainInfo {
  readonly chainId: string;
  readonly chainName: string;
  readonly rpc: string;
  readonly rest: string;
  readonly bip44: { readonly coinType: number };
  readonly bech32Config: {
    readonly bech32PrefixAccAddr: string;
    readonly bech32PrefixAccPub: string;
    readonly bech32PrefixValAddr: string;
    readonly bech32PrefixValPub: string;
    readonly bech32PrefixConsAddr: string;
    readonly bech32PrefixConsPub: string;
  };
  readonly currencies: readonly KeplrCurrency[];
  readonly feeCurrencies: readonly (KeplrCurrency & {
    readonly gasPriceStep?: { readonly low: number; readonly average: number; readonly high: number };
  })[];
  readonly stakeCurrency?: KeplrCurrency;
  readonly features?: readonly string[];
}

export interface KeplrCurrency {
  readonly coinDenom: string;
  readonly coinMinimalDenom: string;
  readonly coinDecimals: number;
}

/** What the Cosmos adapter needs beyond `CaipNetwork`: the Cosmos chain id, the native denom and the address prefix. */
export interface CosmosChainConfig {
  /** The Cosmos chain id the wallet and the node use, e.g. `cosmoshub-4`. */
  readonly chainId: string;
  /** The native currency's base denom, e.g. `uatom` (balances and transfers use it). */
  readonly denom: string;
  /** The bech32 human-readable part of account addresses, e.g. `cosmos`. */
  readonly bech32Prefix: string;
  /** Gas price for `fee: 'auto'`, amount + denom, e.g. `0.025uatom`. */
  readonly gasPrice: string;
  /** Given to the wallet with `experimentalSuggestChain` when it does not know the chain. */
  readonly chainInfo?: KeplrChainInfo;
}

/** A `CaipNetwork` of the `cosmos` namespace carrying its chain data; still a plain `CaipNetwork` for the kernel. */
export interface CosmosNetwork extends CaipNetwork {
  readonly chainNamespace: 'cosmos';
  readonly cosmos: CosmosChainConfig;
}

export const COSMOS_NAMESPACE = 'cosmos';
/** CAIP-5: a Cosmos chain id is its own CAIP-2 reference when it matches this; longer or other ids are hashed. */
export const CAIP5_DIRECT_REFERENCE = /^[-a-zA-Z0-9]{1,32}$/;
const BECH32_PREFIX = /^[a-z][a-z0-9]{0,82}$/;
const DENOM = /^[a-zA-Z][a-zA-Z0-9/:._-]{2,127}$/;
const GAS_PRICE = /^(\d+(?:\.\d+)?)([a-zA-Z][a-zA-Z0-9/:._-]{2,127})$/;

/** Why `config` is not a usable Cosmos chain config, or undefined when it is. */
export function cosmosChainConfigProblem(config: CosmosChainConfig): string | undefined {
  if (typeof config?.chainId !== 'string' || config.chainId.trim() === '' || config.chainId.length > 128) return 'chainId';
  if (typeof config.denom !== 'string' || !DENOM.test(config.denom)) return 'denom';
  if (typeof config.bech32Prefix !== 'string' || !BECH32_PREFIX.test(config.bech32Prefix)) return 'bech32Prefix';
  const gasPrice = typeof config.gasPrice === 'string' ? GAS_PRICE.exec(config.gasPrice) : null;
  if (!gasPrice || gasPrice[2] !== config.denom) return 'gasPrice (an amount followed by the denom, e.g. 0.025uatom)';
  return undefined;
}
