/** Domain types of §3, shared by the kernel, the plugins and the UI. */

/** Namespaces Latch ships adapters for. Any other CAIP-2 namespace works the same way. */
export type KnownNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122' | 'cosmos';
/** A CAIP-2 namespace (`[-a-z0-9]{3,8}`); the known ones autocomplete, any other is accepted. */
export type ChainNamespace = KnownNamespace | (string & {});

/** CAIP-2 chain id, e.g. `eip155:1`. */
export type CaipNetworkId = `${string}:${string}`;
/** CAIP-10 account id, e.g. `eip155:1:0xab…`. */
export type CaipAddress = `${string}:${string}:${string}`;

export interface NativeCurrency {
  name: string;
  symbol: string;
  decimals: number;
}

export interface RpcUrls {
  http: readonly string[];
  webSocket?: readonly string[];
}

export interface BlockExplorer {
  name: string;
  url: string;
}

/** A network as §3 "Caip network" describes it. */
export interface CaipNetwork {
  id: number | string;
  name: string;
  caipNetworkId: CaipNetworkId;
  deprecatedCaipNetworkId?: CaipNetworkId;
  chainNamespace: ChainNamespace;
  nativeCurrency: NativeCurrency;
  rpcUrls: { default: RpcUrls; chainDefault?: RpcUrls };
  blockExplorers?: { default: BlockExplorer; [name: string]: BlockExplorer };
  testnet?: boolean;
  assets?: { imageId?: string; imageUrl?: string };
}

/** §3/§6 account types; an adapter may add its own (bip122: 'payment', 'ordinal'). */
export type AccountType = 'eoa' | 'smartAccount' | (string & {});

export interface AccountEntry {
  address: string;
  type: AccountType;
}

/** §3 token balance: quantity carries decimals as a string and the numeric value as a string. */
export interface TokenBalance {
  name: string;
  symbol: string;
  chainId: CaipNetworkId;
  address?: string;
  value?: number;
  /** Price of one unit in the price service's currency; absent when unknown (fiat is then hidden). */
  price?: number;
  quantity: { decimals: string; numeric: string };
  iconUrl: string;
}

export interface RecentWallet {
  id: string;
  name: string;
  rdns?: string;
}

export interface WalletInfo {
  name: string;
  icon?: string;
  identifier?: string;
  social?: string;
}

export type ConnectionStatus = 'connecting' | 'connected' | 'disconnected' | 'reconnecting';

export type ThemeMode = 'light' | 'dark';
