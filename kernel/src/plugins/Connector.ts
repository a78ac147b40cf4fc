import type { AccountType, ChainNamespace, WalletInfo } from '../types.js';
import type { AdapterCapabilities, CapabilityName } from './ChainAdapter.js';

/** §3 connector types. */
export const CONNECTOR_TYPES = ['INJECTED', 'ANNOUNCED', 'EXTERNAL', 'WALLET_CONNECT', 'AUTH', 'MULTI_CHAIN', 'ID_AUTH'] as const;
export type ConnectorType = (typeof CONNECTOR_TYPES)[number];

/** Connector ids §3 names; others are free-form (an EIP-6963 rdns, a wallet-registry id…). */
export const KNOWN_CONNECTOR_IDS = {
  coinbase: 'coinbase',
  safe: 'safe',
  ledger: 'ledger',
  okx: 'okx',
  walletConnect: 'walletconnect',
  injected: 'injected',
  auth: 'auth',
} as const;

/**
 * A way to reach a wallet. It is a description plus the provider it exposes: the adapter that
 * produced it (or, for cross-namespace connectors such as WalletConnect, every adapter) knows how
 * to speak to that provider.
 */
export interface Connector {
  readonly id: string;
  readonly name: string;
  readonly type: ConnectorType;
  /** The namespace this connector serves; a cross-namespace connector lists all in `chains`. */
  readonly chain: ChainNamespace;
  readonly chains?: readonly ChainNamespace[];
  /** A `data:` or https URL. */
  readonly icon?: string;
  readonly imageId?: string;
  readonly explorerId?: string;
  readonly rdns?: string;
  /** The wallet is present in this browser (false for a registry entry that must be installed). */
  readonly installed?: boolean;
  readonly provider?: unknown;
  /**
   * Abilities of this wallet that differ from its adapter's: a capability given here replaces the
   * adapter's for as long as this connector is connected; `false` withholds it.
   */
  readonly capabilities?: WalletCapabilities;
  /** A shared session's wallet (see `SessionNamespace.walletInfo`): overrides name and icon in `connectedWalletInfo`. */
  readonly walletInfo?: Partial<WalletInfo>;
  /** A shared session's account types on this namespace (see `SessionNamespace.accountTypes`): the visitor may switch them. */
  readonly accountTypes?: { readonly active: AccountType; readonly available: readonly AccountType[] };
  /** A shared session's smart-account networks (see `SessionNamespace.smartAccountNetworks`). */
  readonly smartAccountNetworks?: readonly number[];
}

/** A wallet's own capabilities (see `Connector.capabilities`). */
export type WalletCapabilities = { readonly [K in CapabilityName]?: AdapterCapabilities[K] | false };

/** Whether two connector lists hold the same connectors in the same order (adapters skip no-op updates). */
export function sameConnectors(a: readonly Connector[], b: readonly Connector[]): boolean {
  return a.length === b.length && a.every((connector, i) => connector === b[i]);
}

/**
 * An adapter's `watchConnectors` from its discovery: `list()` now and on every signal of `subscribe`,
 * passed to `onChange` only when it changed (the same connectors in the same order are skipped).
 * Returns `subscribe`'s unsubscribe.
 */
export function watchConnectorList(
  subscribe: (changed: () => void) => () => void,
  list: () => readonly Connector[],
  onChange: (connectors: readonly Connector[]) => void,
): () => void {
  let last: readonly Connector[] | undefined;
  const push = () => {
    const next = list();
    if (last && sameConnectors(last, next)) return;
    last = next;
    onChange(next);
  };
  const unsubscribe = subscribe(push);
  push();
  return unsubscribe;
}
