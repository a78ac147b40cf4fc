import type { CaipNetwork, CaipNetworkId, TokenBalance } from '../types.js';

/** §3 transaction, as activity providers return it. */
export interface Transaction {
  id: string;
  metadata: {
    minedAt: string;
    chain: CaipNetworkId | string;
    operationType: string;
    status: string;
    sentFrom: string;
    sentTo: string;
  };
  transfers: TransactionTransfer[];
}

export interface TransactionTransfer {
  direction?: 'in' | 'out' | 'self';
  nft_info?: { name?: string; flags?: { is_spam?: boolean }; content?: { preview?: { url?: string } } };
  fungible_info?: { name?: string; symbol?: string; icon?: { url?: string } };
  quantity: { numeric: string };
}

export interface Identity {
  name?: string;
  avatar?: string;
}

/** Data services are swappable: defaults read the chain; an indexer plugs in by configuration. */
export interface BalanceService {
  getBalances(address: string, network: CaipNetwork): Promise<TokenBalance[]>;
}

export interface ActivityService {
  getTransactions(request: {
    address: string;
    caipNetworkId: CaipNetworkId;
    cursor?: string;
    signal?: AbortSignal;
  }): Promise<{ data: Transaction[]; next?: string }>;
}

export interface NameService {
  resolveName(name: string): Promise<string[]>;
  lookupAddress(address: string): Promise<string[]>;
  getSuggestions(name: string): Promise<string[]>;
  registerName?(request: { name: string; coinType: number; address: string; message: string; signature: string }): Promise<void>;
}

export interface IdentityService {
  getIdentity(address: string, caipNetworkId: CaipNetworkId): Promise<Identity>;
}

/** An entry of a wallet registry (the AllWallets list): wallets a visitor may not have yet. */
export interface RegistryWallet {
  id: string;
  name: string;
  rdns?: string;
  homepage?: string;
  /** A data: URI or a URL on a host the integrator chose; none means a monogram is drawn. */
  imageUrl?: string;
  chains?: readonly string[];
}

export interface WalletRegistryService {
  listWallets(request: { page: number; pageSize: number; search?: string; signal?: AbortSignal }): Promise<{
    wallets: RegistryWallet[];
    total: number;
  }>;
}

export interface DataServices {
  walletRegistry?: WalletRegistryService;
  balances?: BalanceService;
  activity?: ActivityService;
  names?: NameService;
  identity?: IdentityService;
}
