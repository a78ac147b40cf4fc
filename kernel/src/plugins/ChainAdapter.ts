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
  /**
   * The fee `estimateFee` (or `maxSendable`) quoted for this transfer: the adapter asks the wallet to keep to it
   * (eip155: its gas limit and fee caps), so the visitor pays at most what the review showed.
   */
  feeQuote?: FeeQuote;
}

/** A transfer's fee as its adapter quotes it: what the wallet will be asked to pay at most, and what pins it. */
export interface FeeQuote {
  /** In the native currency's smallest unit: the most the transfer costs (eip155: gas limit × max fee per gas). */
  fee: bigint;
  /** The adapter's own terms behind `fee` (gas limit and fee caps, the call it will use…): opaque to the kernel. */
  terms?: unknown;
  /** What the visitor must know before sending, in plain words (polkadot: the transfer empties the account). */
  warning?: string;
}

/** The most of the native currency an account can send, with the fee that goes with it. */
export interface MaxSendable {
  /** In the smallest unit; 0n when the fee (and what the chain keeps back) takes everything. */
  amount: bigint;
  fee: FeeQuote;
  /** What Max left out and why, in plain words, for the form (polkadot: the existential deposit it keeps). */
  note?: string;
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

/** One call of a call bundle (EIP-5792 `wallet_sendCalls`). */
export interface BundleCall {
  /** The contract or account called: a 0x address. */
  readonly to: string;
  /** The call data, 0x hex; absent for a plain transfer. */
  readonly data?: string;
  /** Native currency sent with the call, in its smallest unit. */
  readonly value?: bigint;
}

/** A capability's value as EIP-5792 carries it; `optional: true` on a request lets a wallet without it go on. */
export type CallCapability = Readonly<Record<string, unknown>> & { readonly optional?: boolean };

/**
 * What a wallet can do with call bundles, per chain id in 0x hex (`0x0`: every chain), per capability name
 * (`atomic: { status: 'supported' | 'ready' | 'unsupported' }`, `paymasterService`…). `{}` when it does not say.
 */
export type WalletCallCapabilities = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

export interface SendCallsRequest {
  from: string;
  network: CaipNetwork;
  connector: Connector;
  calls: readonly BundleCall[];
  /** The calls must run all or none (EIP-5792 `atomicRequired`). */
  atomicRequired: boolean;
  capabilities?: Readonly<Record<string, CallCapability>>;
  /** The bundle's id, chosen by the app; absent: the wallet chooses. */
  id?: string;
}

export interface SendCallsResult {
  /** What `getCallsStatus` takes. */
  id: string;
  /** What the wallet says about the capabilities it used. */
  capabilities?: Readonly<Record<string, unknown>>;
}

/** One receipt of a bundle, as EIP-5792 reports it (quantities in 0x hex). */
export interface CallsReceipt {
  readonly logs: readonly { readonly address: string; readonly data: string; readonly topics: readonly string[] }[];
  /** `0x1` success, `0x0` failure. */
  readonly status: string;
  readonly blockHash: string;
  readonly blockNumber: string;
  readonly gasUsed: string;
  readonly transactionHash: string;
}

/** EIP-5792 `wallet_getCallsStatus`. */
export interface CallsStatus {
  readonly version: string;
  readonly id: string;
  /** 0x hex. */
  readonly chainId: string;
  /**
   * 100 pending, 200 confirmed (all landed), 400 failed off-chain (nothing landed), 500 reverted (all reverted, or
   * the atomic bundle), 600 partly reverted (some calls landed: only for a bundle that was not atomic).
   */
  readonly status: number;
  /** The calls ran as one atomic transaction. */
  readonly atomic: boolean;
  readonly receipts?: readonly CallsReceipt[];
  readonly capabilities?: Readonly<Record<string, unknown>>;
}

/** Call bundles (EIP-5792): `wallet_getCapabilities`, `wallet_sendCalls`, `wallet_getCallsStatus`. */
export interface CallsCapability {
  /** The wallet's capabilities on `network` (keyed by its chain id in 0x hex); `{}` when the wallet cannot tell. */
  getCapabilities(request: { address: string; network: CaipNetwork; connector: Connector }): Promise<WalletCallCapabilities>;
  sendCalls(request: SendCallsRequest): Promise<SendCallsResult>;
  getCallsStatus(request: { id: string; network: CaipNetwork; connector: Connector }): Promise<CallsStatus>;
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
    /**
     * The fee the wallet will be asked to pay for this transfer. Rejects with a VALIDATION_ERROR when the chain would
     * refuse the transfer (below an existential deposit, more than the sender can pay with its fee): nothing is asked.
     */
    estimateFee?(request: TransferRequest): Promise<FeeQuote>;
    /**
     * The most of the native currency `from` can send to `to` with the fee paid and whatever the chain keeps back (an
     * existential deposit), for the Send form's Max. Without it the kernel offers the balance minus `estimateFee`.
     */
    maxSendable?(request: Omit<TransferRequest, 'amount' | 'token' | 'feeQuote'>): Promise<MaxSendable>;
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
  /** Call bundles: several calls sent as one request, atomically when the wallet can. */
  calls?: CallsCapability;
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
