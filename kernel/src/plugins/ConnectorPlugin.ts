import type { DappMetadata, Features } from '../options.js';
import type { AlertMessage } from '../state/atoms.js';
import type { AccountType, CaipNetwork, ChainNamespace, WalletInfo } from '../types.js';
import type { ConnectorType, WalletCapabilities } from './Connector.js';
import type { LazyView } from './FeaturePlugin.js';

/*
 * A cross-namespace connector (WalletConnect, an embedded wallet): one session that serves several
 * namespaces. The plugin owns the session; for each namespace it approved it hands the kernel what
 * that namespace's adapter already knows how to drive (an EIP-1193 provider for eip155, a Wallet
 * Standard wallet for solana, …). The adapters then run exactly as they do for an extension wallet.
 */

/** What a shared session gives one namespace. */
export interface SessionNamespace {
  /** What the namespace's adapter drives, in the shape that adapter expects. */
  readonly provider: unknown;
  /** The wallet's own abilities on this namespace, replacing or withholding the adapter's. */
  readonly capabilities?: WalletCapabilities;
  /**
   * The wallet behind the session, for the account's §3 `connectedWalletInfo` (the plugin's own name and icon by
   * default): the WalletConnect wallet's name, or the social provider an embedded wallet signed in with (`social`).
   */
  readonly walletInfo?: Partial<WalletInfo>;
  /**
   * The account types the session offers on this namespace (an embedded wallet's key and the smart account it owns) and the one
   * in use; absent: the wallet reports what it is through its capabilities (EIP-5792) and is never switched.
   */
  readonly accountTypes?: { readonly active: AccountType; readonly available: readonly AccountType[] };
  /** eip155 chain ids on which the session can use a smart account (the §3 smart-account-enabled networks). */
  readonly smartAccountNetworks?: readonly number[];
}

/** A session the wallet approved: the namespaces it serves (a wallet may approve fewer than asked). */
export interface SharedSession {
  readonly namespaces: Readonly<Partial<Record<ChainNamespace, SessionNamespace>>>;
}

/** What the kernel asks a connector plugin for: every namespace it can serve, with its networks. */
export interface SessionRequest {
  /** Per namespace: the configured networks, the one to start on first. */
  readonly namespaces: Readonly<Partial<Record<ChainNamespace, readonly CaipNetwork[]>>>;
}

/** What a connector plugin reports on its own initiative. */
export type ConnectorPluginEvent =
  /** The session ended on the wallet's side (wallet disconnect, expiry, deleted pairing). */
  { type: 'disconnected' };

/** Key-value storage private to one connector plugin in one modal instance; survives reloads. */
export interface ConnectorStorage {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  remove(key: string): void;
}

export interface ConnectorContext {
  /** The namespaces with a registered adapter, now. */
  readonly namespaces: readonly ChainNamespace[];
  /** The networks configured for a namespace, now (reflects `addNetwork` / `removeNetwork`). */
  networks(namespace: ChainNamespace): readonly CaipNetwork[];
  readonly storage: ConnectorStorage;
  /** The modal's `metadata` option: who is asking, for wallets that show it (a plugin's own setting may override it). */
  readonly metadata?: DappMetadata;
  /** The modal's feature flags (`smartSessions` turns on a wallet's ERC-7715 session permissions). */
  readonly features?: Readonly<Features>;
  emit(event: ConnectorPluginEvent): void;
  /** Shows one of the plugin's views (an approval the visitor must give, §2 ApproveTransaction): pushed when the modal is open, else the modal opens at it. */
  openView?(view: string, data?: unknown): Promise<void>;
  /**
   * Tells the visitor what the plugin noticed outside its views (a request it refused, a session that ended): `open`
   * opens the modal where it would open by itself if it is closed, then the §8 `alert` shows (once per page, as every
   * alert) and the `snack` as an error.
   */
  notify?(notice: ConnectorNotice): Promise<void>;
}

/** What `ConnectorContext.notify` shows. */
export interface ConnectorNotice {
  readonly open?: boolean;
  readonly alert?: AlertMessage;
  readonly snack?: string;
}

/** A wallet reached through a connector plugin (a WalletConnect wallet from its registry), listed in All Wallets. */
export interface ConnectorWallet {
  readonly id: string;
  readonly name: string;
  /** A `data:` URL or one on a host the integrator chose. */
  readonly icon?: string;
  /** What the plugin's connecting view receives as `data.wallet` when the visitor picks it. */
  readonly data?: unknown;
}

/** Registered at `createModal({ connectors: [...] })`; listed in the modal as one wallet entry. */
export interface ConnectorPlugin {
  readonly id: string;
  readonly name: string;
  readonly type: ConnectorType;
  /** A `data:` URL or one on a host the integrator chose. */
  readonly icon?: string;
  /** The namespaces it can serve; absent: every namespace with a registered adapter. */
  readonly namespaces?: readonly ChainNamespace[];
  /** Views it brings (a QR code, a one-time-code form…), loaded the first time they show. */
  readonly views?: Readonly<Record<string, LazyView>>;
  /** The view to show while connecting; absent: the modal's generic connecting view. */
  readonly connectingView?: string;
  /**
   * One of its views shown inside the Connect view at the e-mail slot of the §9 connect-method order (an e-mail
   * field) instead of a row in the wallet list; shown while `features.email` or `features.socials` is on (the view
   * reads both and shows only what is on).
   */
  readonly connectSection?: string;
  /**
   * A row in the Account view, shown while the active account is connected through this plugin's session, that
   * opens one of its views (the embedded wallet's "Sign-in methods").
   */
  readonly accountEntry?: { readonly label: string; readonly view: string };
  /**
   * The wallets it reaches, for All Wallets: called when the visitor opens that view (or searches it), never
   * before; picking one opens `connectingView` with the wallet in `data.wallet`.
   */
  wallets?(request: { search?: string; signal?: AbortSignal }): Promise<readonly ConnectorWallet[]>;
  /** Called once at `createModal`; returns a teardown. No request may happen here (§1 privacy). */
  setup?(context: ConnectorContext): (() => void) | undefined;
  /** Opens a session (pairing, sign-in…) and resolves once the wallet approved it. */
  connect(request: SessionRequest): Promise<SharedSession>;
  /** Restores a stored session without asking the visitor anything, or resolves null. */
  restore?(request: SessionRequest): Promise<SharedSession | null>;
  /**
   * Switches the account type the session uses on a namespace (the preferred-account-type change): resolves with the
   * namespace as it now is (its provider reports the other address), rejects when the wallet cannot switch.
   */
  setPreferredAccountType?(namespace: ChainNamespace, type: AccountType): Promise<SessionNamespace>;
  /** Ends the session for every namespace it served (§4). */
  disconnect(): Promise<void>;
  /** Auth connectors: prepare a fresh login after the visitor left one half done (§2 Farcaster). */
  reload?(): Promise<void> | void;
}
