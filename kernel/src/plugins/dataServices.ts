import type { CaipNetwork, CaipNetworkId, TokenBalance } from '../types.js';

/** §3 transaction, as activity providers return it. */
export interface Transaction {
  /** The transaction's hash (signature on solana): unique per network. */
  id: string;
  metadata: {
    /** ISO 8601 time of the block that included it. */
    minedAt: string;
    /** The CAIP-2 id of its network. */
    chain: CaipNetworkId | string;
    /** 'send', 'receive', 'execute', 'approve', 'mint', 'trade'… as the provider names it. */
    operationType: string;
    status: 'confirmed' | 'failed' | 'pending' | (string & {});
    sentFrom: string;
    sentTo: string;
  };
  transfers: TransactionTransfer[];
}

export interface TransactionTransfer {
  /** Seen from the account: received, sent, or both (to itself). */
  direction?: 'in' | 'out' | 'self';
  nft_info?: { name?: string; flags?: { is_spam?: boolean }; content?: { preview?: { url?: string } } };
  fungible_info?: { name?: string; symbol?: string; icon?: { url?: string } };
  /** The amount in whole units, as a decimal string ('1.5'). */
  quantity: { numeric: string };
  /**
   * The other party of this transfer, when the provider knows it: whom it went to when sent, whom it came from when
   * received (a token's Transfer log names them; the transaction's own `to` may be the token contract).
   */
  counterparty?: string;
}

/** What the Activity and NFTs tabs ask a provider: one page of an account's items on one network. */
export interface AccountPageRequest {
  address: string;
  caipNetworkId: CaipNetworkId;
  network: CaipNetwork;
  /** The `next` of the previous page; absent for the first. */
  cursor?: string;
  signal?: AbortSignal;
}

/** A page of items, newest first; `next` is absent on the last page. */
export interface Page<T> {
  data: T[];
  next?: string;
}

/** An NFT the account holds. */
export interface Nft {
  /** The token's contract (collection) address. */
  contract: string;
  tokenId: string;
  chainId: CaipNetworkId;
  name?: string;
  description?: string;
  collection?: { name?: string; symbol?: string };
  /** http(s) or data: URL; the modal shows it only from a host in `imageHosts`. */
  imageUrl?: string;
  /** 'ERC-721', 'ERC-1155'… */
  standard?: string;
}

export interface NftService {
  getNfts(request: AccountPageRequest): Promise<Page<Nft>>;
}

/** A token whose price is asked: the native currency has no `address`. */
export interface PriceRequestToken {
  address?: string;
  symbol: string;
}

/** Fiat prices for the Tokens tab and the send form; without one, fiat is not shown. */
export interface PriceService {
  /** One entry per token, in order: its price in `currency`, or undefined when unknown. */
  getPrices(request: {
    network: CaipNetwork;
    tokens: readonly PriceRequestToken[];
    signal?: AbortSignal;
  }): Promise<readonly (number | undefined)[]>;
  /** ISO 4217 code of the prices; default 'USD'. */
  readonly currency?: string;
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
  getTransactions(request: AccountPageRequest): Promise<Page<Transaction>>;
}

export interface NameService {
  /** The addresses `name` points to; `network` is where the visitor sends (the kernel keeps the first its adapter accepts). */
  resolveName(name: string, network?: CaipNetwork): Promise<string[]>;
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
  /** Replaces every adapter's own `activity` reader (e.g. a Blockscout instance). */
  activity?: ActivityService;
  /** Replaces every adapter's own `nfts` reader. */
  nfts?: NftService;
  prices?: PriceService;
  names?: NameService;
  identity?: IdentityService;
}
