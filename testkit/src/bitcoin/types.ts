import type { Wallet } from '@wallet-standard/base';
import type { BitcoinNetworkName } from './bitcoinNetworks.js';

/** What a mock Bitcoin wallet shows of itself: its `window.btc_providers` entry and Wallet Standard name. */
export interface MockBitcoinWalletInfo {
  /** Key of `window.__latchBitcoinWallets`, e.g. `latch-bitcoin-wallet`. */
  readonly id: string;
  readonly name: string;
  /** A `data:image/svg+xml` URI: a remote icon would leak the visitor's IP. */
  readonly icon: string;
  /** The `btc_providers` id: the provider's path on `window`, e.g. `LatchBitcoinWalletProviders.BitcoinProvider`. */
  readonly providerPath: string;
}

/** One address the wallet grants, in sats-connect's shape. */
export interface MockBitcoinAddress {
  address: string;
  /** Hex: a compressed key for the payment address, an x-only key for the Taproot ordinals address. */
  publicKey: string;
  purpose: 'payment' | 'ordinals';
  addressType: 'p2wpkh' | 'p2tr';
  walletType: 'software';
}

/** The JSON-RPC envelope sats-connect wallets answer `request(method, params)` with. */
export type SatsConnectResponse =
  | { jsonrpc: '2.0'; id: string; result: unknown }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string } };

export type SatsConnectEventName = 'accountChange' | 'networkChange' | 'disconnect';

/** The provider a sats-connect dapp talks to (`window.XverseProviders.BitcoinProvider`-style). */
export interface SatsConnectProvider {
  request(method: string, params?: unknown): Promise<SatsConnectResponse>;
  /** sats-connect 4's listener registration; returns an unsubscribe. */
  addListener(listener: { eventName: SatsConnectEventName; cb: (event: unknown) => void }): () => void;
}

export type MockBitcoinWalletFailure = 'rejectConnect' | 'rejectSign';

export interface MockBitcoinWalletOptions {
  /** 32 bytes of hex: the payment key (native SegWit, P2WPKH). */
  paymentKey: string;
  /** 32 bytes of hex: the ordinals key (Taproot, P2TR); a fixed key derived from the payment key by default. */
  ordinalsKey?: string;
  /** The Esplora API the wallet reads UTXOs from and broadcasts to (`startBitcoinRegtest().esploraUrl`). */
  esploraUrl: string;
  /** The wallet's active network; `Regtest` by default. */
  network?: BitcoinNetworkName;
  id?: string;
  name?: string;
  icon?: string;
  providerPath?: string;
  failures?: Partial<Record<MockBitcoinWalletFailure, boolean>>;
}

/** A mock Bitcoin wallet with its test controls: what a test drives, `window.__latchBitcoinWallets[id]` in a page. */
export interface MockBitcoinWallet {
  readonly info: MockBitcoinWalletInfo;
  /** The sats-connect provider (JSON-RPC `request` + `addListener`). */
  readonly provider: SatsConnectProvider;
  /** The same wallet as a Bitcoin Wallet Standard wallet (`bitcoin:connect`, `bitcoin:signMessage`, `bitcoin:signTransaction`). */
  readonly standardWallet: Wallet;
  readonly network: BitcoinNetworkName;
  readonly paymentAddress: string;
  readonly ordinalsAddress: string;
  /** Whether this origin is authorised (survives reloads through `localStorage`). */
  readonly authorised: boolean;
  /** Makes the wallet decline connects (`rejectConnect`), or signatures and transfers (`rejectSign`), until switched off. */
  setFailure(failure: MockBitcoinWalletFailure, on: boolean): void;
  /** The user ends the session inside the wallet: forgets the authorisation and emits `disconnect`. */
  disconnectFromWallet(): void;
  /** The user selects other keys; an authorised site hears `accountChange`. Returns the new payment address. */
  switchAccount(keys: { paymentKey: string; ordinalsKey?: string }): string;
  /** The user switches the wallet's network; an authorised site hears `networkChange`. */
  switchNetwork(network: BitcoinNetworkName): void;
}
