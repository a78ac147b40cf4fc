import { invalidOption } from './primitives.js';
import type { SignInFlow } from './signInFlow.js';
import type { Store } from './context.js';
import type { AlertMessage, AccountTab, SendState, SnackVariant, TransactionStackEntry, View } from './state/atoms.js';
import type { ConnectorPlugin } from './plugins/ConnectorPlugin.js';
import type { FeaturePlugin } from './plugins/FeaturePlugin.js';
import type { ChainNamespace, RecentWallet } from './types.js';

/**
 * What a UI binding needs beyond the public instance: the instance's store (read it with
 * `store.get` / `store.sub`), navigation and feedback. Hosts do not use this; its shape may change in any release.
 */
export interface ModalInternals {
  readonly store: Store;
  readonly router: {
    push(view: View, data?: unknown): void;
    replace(view: View, data?: unknown): void;
    reset(view: View, data?: unknown): void;
    goBack(): void;
    pushTransaction(entry: TransactionStackEntry): void;
    popTransaction(outcome: 'success' | 'cancel'): void;
  };
  readonly feedback: {
    showSnack(message: string, variant: SnackVariant): Promise<void>;
    hideSnack(): void;
    showAlert(alert: AlertMessage): boolean;
    dismissAlert(): void;
    shake(): void;
    setLoading(loading: boolean): void;
  };
  refreshTokenBalances(namespace: ChainNamespace): Promise<void>;
  /** Loads what connecting, switching and signing need, ahead of the visitor's first action. */
  preload(): Promise<void>;
  setAccountTab(namespace: ChainNamespace, tab: AccountTab): void;
  /** §3 send state: the Send views' form ('reset' empties it). */
  setSendState(patch: Partial<SendState> | 'reset'): Promise<void>;
  /** §4 name registration: a name just registered becomes the account's profile name (cached like a looked-up one, §9). */
  storeProfileName(namespace: ChainNamespace, name: string): Promise<void>;

  getPlugin(id: string): FeaturePlugin | undefined;
  getConnectorPlugin(id: string): ConnectorPlugin | undefined;
  /** Wallets used last on this device, newest first (§3, at most 2). */
  getRecentWallets(): RecentWallet[];
  /**
   * After a reload, the address of the account kept with the stored session, while that session is being restored
   * (the wallet has not yet confirmed or refused it); undefined once the restore settles, and on a first visit.
   */
  restoringAddress(): string | undefined;
  /** §4 sign-in flow (the SIWXSignMessage view): make the message, sign and store it, or cancel (public: `signInFlow`). */
  readonly siwx: SignInFlow;
}

/** Shared by copies of the kernel bundled twice on one page, and kept by `{ ...instance }` copies. */
export const INTERNALS: unique symbol = Symbol.for('@latch/kernel/internals');

/** The internals of an instance (or of an object spread from one, as UI bindings do). */
export function getInternals(instance: object): ModalInternals {
  const internals = (instance as { [INTERNALS]?: ModalInternals })[INTERNALS];
  if (!internals) throw invalidOption('Not a Latch modal instance (createModal returns one)');
  return internals;
}
