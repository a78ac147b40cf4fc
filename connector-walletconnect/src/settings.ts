import type { ChainNamespace } from '@latch/kernel';
import type { WalletConnectWallet } from './walletRegistry.js';

/** Dapp metadata the wallet shows in its approval prompt. */
export interface WalletConnectMetadata {
  name: string;
  description?: string;
  /** The dapp's origin; the page's own by default. */
  url?: string;
  /** Icon URLs the wallet (not the page) loads. */
  icons?: string[];
  /** How a phone wallet sends the visitor back after approving. */
  redirect?: { native?: string; universal?: string };
}

/** Where WalletConnect keeps its keys and sessions (its `IKeyValueStorage` shape); values are JSON-serialisable. */
export interface WalletConnectStorage {
  getKeys(): Promise<string[]>;
  getEntries<T = unknown>(): Promise<[string, T][]>;
  getItem<T = unknown>(key: string): Promise<T | undefined>;
  setItem<T = unknown>(key: string, value: T): Promise<void>;
  removeItem(key: string): Promise<void>;
}

/**
 * A namespace the connector has no bridge of its own for (a third-party adapter's), as its adapter declares it: what
 * the session asks the wallet for, and optional checks of the wallet's answers.
 */
export interface WalletConnectNamespace {
  /** The wallet methods the session asks for on the namespace: the ones the adapter sends with `request`. */
  readonly methods: readonly string[];
  /** The session events the adapter listens to with `on`; none by default. */
  readonly events?: readonly string[];
  /** Per method, whether the wallet's answer has the shape the adapter expects (else the request fails with -32603). */
  readonly answers?: Readonly<Record<string, (answer: unknown) => boolean>>;
}

/** The checked options the lazily loaded parts read (the entry module builds them). */
export interface ConnectorSettings {
  readonly id: string;
  readonly name: string;
  readonly icon: string;
  readonly relayUrl: string;
  readonly projectId?: string;
  readonly metadata?: WalletConnectMetadata;
  /** WalletConnect Verify: the page's origin is attested by verify.walletconnect.org (off unless asked for). */
  readonly verify?: boolean;
  readonly requiredNamespaces: readonly ChainNamespace[];
  /** Namespaces without a bridge of their own, served by the generic bridge. */
  readonly extraNamespaces?: Readonly<Record<string, WalletConnectNamespace>>;
  /** Lifetime of a pairing URI shown as a QR code, written into the URI (§4: 4 minutes). */
  readonly pairingTtlMs: number;
  readonly walletRegistry?: readonly WalletConnectWallet[];
  readonly walletRegistryUrl?: string;
  readonly featuredWalletIds: readonly string[];
  readonly includeWalletIds: readonly string[];
  readonly excludeWalletIds: readonly string[];
  readonly storage?: WalletConnectStorage;
}
