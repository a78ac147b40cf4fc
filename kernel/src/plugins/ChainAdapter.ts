import type { AccountEntry, CaipNetwork, CaipNetworkId, ChainNamespace, TokenBalance } from '../types.js';
import type { Connector } from './Connector.js';
import type { ActivityService, NftService } from './dataServices.js';

/** What an adapter reports about the wallet on its own initiative (wagmi's three callbacks). */
export type AdapterEvent =
  | { type: 'accountsChanged'; accounts: readonly AccountEntry[] }
  | { type: 'networkChanged'; caipNetworkId: CaipNetworkId }
  | { type: 'disconnected' };

export interface AdapterContext {
  /**
   * The networks configured for this adapter's namespace. Live: it reflects `addNetwork` and
   * `removeNetwork`, so read it when you need it instead of keeping a copy.
   */
  readonly networks: readonly CaipNetwork[];
  emit(event: AdapterEvent): void;
}

export interface ConnectResult {
  address: string;
  caipNetworkId: CaipNetworkId;
  accounts?: readonly AccountEntry[];
}

export interface ConnectOptions {
  network: CaipNetwork;
}

export interface ReconnectOptions extends ConnectOptions {
  /**
   * Given when the kernel already holds the connector, as for a namespace of a restored shared
   * session (WalletConnect, an embedded wallet): restore on it instead of looking one up by id.
   */
  connector?: Connector;
}

export interface Balance {
  /** Decimal string in whole units, e.g. '1.5'. */
  balance: string;
  symbol: string;
}

export interface SignMessageRequest {
  message: string;
  address: string;
  connector: Connector;
}

export interface TransferRequest {
  from: string;
  to: string;
  /** Amount in the token's smallest unit. */
  amount: bigint;
  /** Token contract / mint address; absent for the native currency. */
  token?: string;
  network: CaipNetwork;
  connector: Connector;
}

/** How a submitted transfer ended on the chain. */
export interface TransferOutcome {
  status: 'confirmed' | 'failed';
  /** Why it failed, in words a visitor can act on (a revert's reason, a mapped node error). */
  reason?: string;
}

export interface WaitForTransferRequest {
  /** What `sendTransfer` resolved with. */
  hash: string;
  network: CaipNetwork;
  signal?: AbortSignal;
}

/**
 * Optional abilities, declared like Wallet Standard features: the UI checks for a key instead of
 * every chain faking methods it cannot do. Chain-specific extras use a `namespace:name` key.
 */
export interface AdapterCapabilities {
  balance?: {
    getBalance(address: string, network: CaipNetwork): Promise<Balance>;
    getTokenBalances?(address: string, network: CaipNetwork): Promise<TokenBalance[]>;
  };
  signMessage?: { signMessage(request: SignMessageRequest): Promise<string> };
  send?: {
    /** Asks the wallet to sign and submit; resolves with the transaction's hash (signature on solana). */
    sendTransfer(request: TransferRequest): Promise<string>;
    /** The network fee in the native currency's smallest unit. */
    estimateFee?(request: TransferRequest): Promise<bigint>;
    /** Resolves once the chain has included the transfer, or it failed (reverted, dropped). */
    waitForTransfer?(request: WaitForTransferRequest): Promise<TransferOutcome>;
  };
  /** On-chain names (ENS and the like): a send's recipient may be one. */
  names?: {
    /** The address a name points to on this network, or undefined when it has none. */
    resolveName(name: string, network: CaipNetwork): Promise<string | undefined>;
  };
  /** The account's recent transactions (the Activity tab), read from the chain's own node. */
  activity?: ActivityService;
  /** The account's NFTs (the NFTs tab). */
  nfts?: NftService;
  identity?: {
    getIdentity(address: string, network: CaipNetwork): Promise<{ name?: string; avatar?: string }>;
  };
  [extension: `${string}:${string}`]: unknown;
}

/** One per namespace. Small on purpose: see STYLE.md "a small contract, many implementations". */
export interface ChainAdapter {
  readonly namespace: ChainNamespace;
  readonly capabilities?: AdapterCapabilities;
  /** Called once when registered; returns a teardown. No network request may happen here. */
  setup?(context: AdapterContext): (() => void) | undefined;
  /** Calls back with the full current list now and on every change; returns an unsubscribe. */
  watchConnectors(onChange: (connectors: readonly Connector[]) => void): () => void;
  connect(connector: Connector, options: ConnectOptions): Promise<ConnectResult>;
  /** Silent: restores a session without a popup, or resolves null (§4 reconnect). */
  reconnect?(connectorId: string, options: ReconnectOptions): Promise<{ connector: Connector; result: ConnectResult } | null>;
  disconnect(connector: Connector): Promise<void>;
  /** Absent when the wallet has no notion of an active network: the switch is then app-side. */
  switchNetwork?(network: CaipNetwork, connector: Connector): Promise<void>;
  isAddress(address: string): boolean;
}

export type CapabilityName = Exclude<keyof AdapterCapabilities, `${string}:${string}`>;

/** What an adapter declares, whatever wallet is connected (the kernel's `getCapability` also asks the wallet). */
export function getCapability<K extends CapabilityName>(adapter: ChainAdapter | undefined, name: K): AdapterCapabilities[K] | undefined {
  return adapter?.capabilities?.[name];
}
