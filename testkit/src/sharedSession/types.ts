import type { Hex } from 'viem';
import type { MockEip1193Provider, MockWalletChain } from '../mockWallet/types.js';
import type { MockSolanaWallet, MockSolanaWalletChain } from '../solanaWallet/types.js';
import type { ToyWallet } from '../toy/walletTypes.js';
import type { SHARED_WALLET_NAMESPACES } from './walletInfo.js';

/** A namespace a shared-session wallet can serve. */
export type SharedWalletNamespace = (typeof SHARED_WALLET_NAMESPACES)[number];

/** The providers a shared-session wallet holds, one per namespace it was given: the same mocks an extension uses. */
export interface SharedWalletProviders {
  eip155?: MockEip1193Provider;
  solana?: MockSolanaWallet;
  toy?: ToyWallet;
}

/**
 * Plain JSON (no functions), so the same options cross into a page through `sharedSessionWalletInitScript`.
 * Give at least one namespace; each one gets a real key.
 */
export interface SharedSessionWalletOptions {
  /** Stable id (the connector's id too); names the wallet's and its providers' storage. 'io.latch.sharedwallet' by default. */
  id?: string;
  /** 'Latch Shared Wallet' by default. */
  name?: string;
  /** A `data:image/svg+xml` URI: a remote icon would leak the visitor's IP. */
  icon?: string;
  eip155?: { privateKey: Hex; chains: MockWalletChain[]; chainId: number };
  solana?: { secretKeySeed: string; chains: MockSolanaWalletChain[] };
  toy?: { secretKey: string; rpcUrl: string };
}

export interface SharedWalletInfo {
  readonly id: string;
  readonly name: string;
  readonly icon: string;
}

/** What an approved (or restored) session hands the dapp: per namespace, the provider its adapter drives. */
export interface ApprovedSession {
  readonly namespaces: Readonly<Partial<Record<SharedWalletNamespace, unknown>>>;
}

/** `rejectProposal`: the next proposals answer 4001; `rejectSign`: every provider declines signatures (4001). */
export type SharedWalletFailure = 'rejectProposal' | 'rejectSign';

/**
 * The phone side of a WalletConnect-like session: one session, one real key per namespace. `propose` and `restore`
 * are what a dapp's connector calls; `endFromWallet` and `setFailure` are what a test does as the phone's user.
 */
export interface SharedSessionWallet {
  readonly info: SharedWalletInfo;
  /** What it can serve: the namespaces it was given keys for. */
  readonly namespaces: readonly SharedWalletNamespace[];
  /** The providers, by namespace, for tests (addresses, failure switches, direct calls). */
  readonly providers: Readonly<SharedWalletProviders>;
  /** The namespaces of the current session, as persisted, or null when there is none. Reads only. */
  readonly session: readonly SharedWalletNamespace[] | null;
  /** Approves the namespaces it serves, authorises the site on each, persists the session. */
  propose(namespaces: readonly string[]): Promise<ApprovedSession>;
  /** The persisted session, without asking the user; null when there is none (or it is corrupt). */
  restore(): Promise<ApprovedSession | null>;
  /** The dapp ends the session: every provider de-authorised, the session forgotten. */
  disconnect(): Promise<void>;
  /** The user ends the session in the wallet: each provider's wallet-side disconnect, then `onSessionEnded`. */
  endFromWallet(): void;
  /** Called (asynchronously, as a relay delivers it) when the user ends the session in the wallet. */
  onSessionEnded(listener: () => void): () => void;
  setFailure(failure: SharedWalletFailure, value: boolean): void;
}
