import { type ChainNamespace, type ConnectorContext, type ConnectorPlugin, invalidOption, retryableImport } from '@latch/kernel';
import type { SessionController } from './session.js';
import type { ConnectorSettings, WalletConnectMetadata, WalletConnectNamespace, WalletConnectStorage } from './settings.js';
import type { WalletConnectWallet } from './walletRegistry.js';

// The registry's wallet list loads when All Wallets opens; after a failed fetch the next list fetches it anew.
const walletListCode = /* @__PURE__ */ retryableImport(() => import('./walletList.js'));

/*
 * The entry: a few hundred bytes that register WalletConnect with the modal. The library, the QR
 * code and the views load with import() when the visitor picks WalletConnect (or a reload restores
 * a session), never before (§1 privacy).
 */

export interface WalletConnectOptions {
  /** The relay, `wss://…` (or `ws://127.0.0.1:…` for a local one). Required unless `projectId` is given for the public relay. */
  relayUrl?: string;
  /** A WalletConnect Cloud project id: needed only by the public relay (`wss://relay.walletconnect.org`). */
  projectId?: string;
  /** What the wallet shows about the dapp, field by field; else the modal's `metadata`, else the page's title and origin. */
  metadata?: WalletConnectMetadata;
  /**
   * WalletConnect Verify (needs `projectId`): the page loads an attestation of its origin from verify.walletconnect.org
   * so wallets can show the domain as verified (or warn of a mismatch). Off by default: no request to that host.
   */
  verify?: boolean;
  /** Wallets listed in All Wallets, inline (replaces the bundled list). */
  walletRegistry?: readonly WalletConnectWallet[];
  /** A self-hosted registry JSON file, fetched when the visitor opens All Wallets; icons only from its host. */
  walletRegistryUrl?: string;
  featuredWalletIds?: readonly string[];
  includeWalletIds?: readonly string[];
  excludeWalletIds?: readonly string[];
  /** Namespaces the wallet must approve or the proposal fails; by default every namespace is optional. */
  requiredNamespaces?: readonly ChainNamespace[];
  /**
   * Namespaces without a bridge of their own (a third-party adapter's), by CAIP-2 namespace: the methods and events
   * the session asks for, as the adapter declares them. Their adapter gets a generic provider (`request`, `on`, `off`).
   * Checked when `connect` (or `restore`) starts, with the generic bridge's code (out of first load): a bad one fails it.
   */
  extraNamespaces?: Readonly<Record<string, WalletConnectNamespace>>;
  /** How long a QR code stays valid, in ms (default 4 minutes, §4); the pairing URI expires then too. */
  qrTimeoutMs?: number;
  /** Where WalletConnect keeps its keys and sessions: the browser's IndexedDB by default (give one in Node or tests). */
  storage?: WalletConnectStorage;
  /** Entry id (default 'walletconnect'), name (default 'WalletConnect') and a `data:` icon. */
  id?: string;
  name?: string;
  icon?: string;
}

/** The view the connector brings: the QR code, deep links and the §4 states. */
export const WALLETCONNECT_VIEW = 'ConnectingWalletConnect';
/** The same view when the modal opens at it (manualWCControl, or an app with no adapters): no wallet chosen. */
const BASIC_VIEW = 'ConnectingWalletConnectBasic';
export const PUBLIC_RELAY_URL = 'wss://relay.walletconnect.org';

/** What the connector's views read from the plugin object. */
export interface WalletConnectPlugin extends ConnectorPlugin {
  readonly walletConnect: {
    readonly settings: ConnectorSettings;
    /**
     * @internal The seam between this entry and the connector's own lazily loaded views: the session controller and
     * its pairing states are this package's implementation, not an API (an app only passes the plugin to
     * `createModal`, as with wagmi's and RainbowKit's connectors, whose session internals stay private too).
     * tsconfig.build.json's `stripInternal` keeps it out of the published declarations, so the published type shows
     * only `settings` and no state type of the controller becomes semver surface; the views, built from source, see it.
     */
    controller(): Promise<SessionController>;
  };
}

const ICON =
  "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 40 40'><rect width='40' height='40' rx='9' fill='%233396ff'/><path d='M12 16c4-4 12-4 16 0M9 21l4 4 4-4 3 3 4-4 4 4 4-4' stroke='%23fff' stroke-width='2.5' fill='none'/></svg>";

const isIds = (value: unknown) => value === undefined || (Array.isArray(value) && value.every((v) => typeof v === 'string'));

/** What is wrong with the options, in one sentence; undefined when nothing is. */
function problemWith(o: WalletConnectOptions, relayUrl: string | undefined): string | undefined {
  const ttl = o.qrTimeoutMs ?? 240_000;
  if (!relayUrl) return 'relayUrl is required (or a projectId to use the public relay)';
  if (!/^wss?:\/\/[^/\s]/.test(relayUrl)) return `relayUrl must be a ws:// or wss:// URL (got '${relayUrl}')`;
  if (o.projectId !== undefined && !/^[\w-]{8,64}$/.test(String(o.projectId))) return 'projectId must be a WalletConnect Cloud project id';
  if (o.walletRegistryUrl !== undefined && !/^https?:\/\/[^/\s]/.test(String(o.walletRegistryUrl)))
    return 'walletRegistryUrl must be an http(s) URL';
  if (!(ttl >= 30_000)) return 'qrTimeoutMs must be at least 30000 (30 s)';
  if (o.verify && !o.projectId) return 'verify needs a projectId';
  if (o.icon !== undefined && !/^data:image\//.test(String(o.icon))) return 'icon must be a data:image/… URI';
  const list = (['featuredWalletIds', 'includeWalletIds', 'excludeWalletIds'] as const).find((key) => !isIds(o[key]));
  return list && `${list} must be a list of wallet ids`;
}

/** The WalletConnect connector for `createModal({ connectors: [...] })`: one session for eip155 and solana. */
export function createWalletConnectConnector(options: WalletConnectOptions): WalletConnectPlugin {
  const o = options ?? {};
  const relayUrl = o.relayUrl ?? (o.projectId ? PUBLIC_RELAY_URL : undefined);
  const problem = problemWith(o, relayUrl);
  if (problem) throw invalidOption(`createWalletConnectConnector: ${problem}`);
  const settings: ConnectorSettings = {
    id: 'walletconnect',
    name: 'WalletConnect',
    icon: ICON,
    requiredNamespaces: [],
    featuredWalletIds: [],
    includeWalletIds: [],
    excludeWalletIds: [],
    ...o,
    relayUrl: relayUrl as string,
    pairingTtlMs: o.qrTimeoutMs ?? 240_000,
  };
  let context: ConnectorContext | undefined;
  let controller: Promise<SessionController> | undefined;
  // A failed fetch of the session's code is fetched anew on the next try (retryableImport says why).
  const importSession = retryableImport(() => import('./session.js'));
  const load = () => {
    controller ??= importSession().then((m) => m.createSessionController(settings, () => context));
    controller.catch(() => (controller = undefined));
    return controller;
  };
  const stored = () => context?.storage.get('session');
  const view = () => import('./ConnectingWalletConnectView.js');

  return {
    id: settings.id,
    name: settings.name,
    type: 'WALLET_CONNECT',
    icon: settings.icon,
    // Those with a bridge, then the declared extra ones: a session asks for each one that has an adapter in the modal.
    namespaces: ['eip155', 'solana', 'bip122', 'polkadot', 'cosmos', ...Object.keys(o.extraNamespaces ?? {})],
    views: { [WALLETCONNECT_VIEW]: view, [BASIC_VIEW]: view },
    connectingView: WALLETCONNECT_VIEW,
    // All Wallets asks for these when the visitor opens it: a self-hosted registry is fetched then, never before.
    wallets: async (request) => (await walletListCode()).listWallets(settings, request.search),
    walletConnect: { settings, controller: load },
    setup(connectorContext) {
      context = connectorContext;
      return () => {
        void controller?.then((c) => c.teardown());
        context = undefined;
      };
    },
    connect: async (request) => (await load()).connect(request),
    // Nothing stored: no session to restore, and WalletConnect's code is not loaded.
    restore: async (request) => (stored() ? (await load()).restore(request) : null),
    async disconnect() {
      if (controller || stored()) await (await load()).disconnect();
    },
  } satisfies WalletConnectPlugin;
}
