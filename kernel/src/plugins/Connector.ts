import type { ChainNamespace } from '../types.js';

/** §3 connector types. */
export const CONNECTOR_TYPES = [
  'INJECTED',
  'ANNOUNCED',
  'EXTERNAL',
  'WALLET_CONNECT',
  'AUTH',
  'MULTI_CHAIN',
  'ID_AUTH',
] as const;
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
  /** Auth connectors only: rebuild the pending login (e.g. after leaving the Farcaster view, §2). */
  reload?(): Promise<void> | void;
}

/** §3 merged multi-chain connector: one wallet that announced itself on several namespaces. */
export interface MergedConnector {
  readonly id: string;
  readonly name: string;
  readonly images: readonly string[];
  readonly connectors: readonly Connector[];
  readonly chain: ChainNamespace;
}

/** Connector types that serve several namespaces with one session (§4 disconnect rule). */
export function isSharedSessionType(type: ConnectorType): boolean {
  return type === 'WALLET_CONNECT' || type === 'AUTH';
}

/** Whether two connector lists hold the same connectors in the same order (adapters skip no-op updates). */
export function sameConnectors(a: readonly Connector[], b: readonly Connector[]): boolean {
  return a.length === b.length && a.every((connector, i) => connector === b[i]);
}
