import { isCaipNamespace, LatchError, parseCaipNetworkId } from './primitives.js';
import { SIWE_AND_SIWX_MESSAGE } from './errors/messages.js';
import type { ChainAdapter } from './plugins/ChainAdapter.js';
import type { ConnectorPlugin } from './plugins/ConnectorPlugin.js';
import type { DataServices } from './plugins/dataServices.js';
import type { FeaturePlugin } from './plugins/FeaturePlugin.js';
import type { StorageLike } from './storage.js';
import type { AccountType, CaipNetwork, CaipNetworkId, ChainNamespace, ThemeMode } from './types.js';

/** §3 social providers; §9 default order. */
export const SOCIAL_PROVIDERS = ['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

/** §6 feature flags. */
export const FEATURE_NAMES = [
  'swaps',
  'onramp',
  'receive',
  'send',
  'email',
  'emailShowWallets',
  'socials',
  'history',
  'analytics',
  'allWallets',
  'legalCheckbox',
  'smartSessions',
  'collapseWallets',
  'pay',
] as const;
export type FeatureName = (typeof FEATURE_NAMES)[number];

/**
 * Flags of feature plugins beyond §6 (on unless set false). A plugin package adds its own by
 * declaration merging, with no kernel edit: `declare module '@latch/kernel' { interface PluginFeatures { names: boolean } }`.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in plugin packages.
export interface PluginFeatures {}

/** A §6 flag or a plugin's own (`PluginFeatures`). */
export type FeatureFlag = FeatureName | keyof PluginFeatures;

export type Features = { [K in FeatureName]: K extends 'socials' ? readonly SocialProvider[] | false : boolean } & {
  [K in keyof PluginFeatures]?: boolean;
};

/** §9 default features. */
export const DEFAULT_FEATURES: Readonly<Features> = Object.freeze({
  swaps: true,
  onramp: true,
  receive: true,
  send: true,
  email: true,
  emailShowWallets: true,
  socials: SOCIAL_PROVIDERS,
  history: true,
  analytics: true,
  allWallets: true,
  legalCheckbox: false,
  smartSessions: false,
  collapseWallets: false,
  pay: false,
});

export interface DappMetadata {
  name: string;
  description: string;
  url: string;
  icons: readonly string[];
}

export interface CustomWallet {
  id: string;
  name: string;
  homepage?: string;
  imageUrl?: string;
  mobileLink?: string;
  desktopLink?: string;
  webappLink?: string;
}

/** The account a sign-in is for. */
export interface SiwxAccount {
  caipNetworkId: CaipNetworkId;
  address: string;
}

/** A sign-in message to sign, with what the sign-in view tells the visitor about it. */
export interface SiwxMessageToSign {
  /** The exact text the wallet signs (CAIP-122). */
  message: string;
  /** The domain the message names. */
  domain: string;
  statement?: string;
  /**
   * The message's fields (`domain`, `address`, `statement`, `uri`, `version`, `chainId`, `nonce`,
   * `issuedAt`…) for wallets that write the sign-in text themselves: where the adapter declares a
   * `<namespace>:signIn` capability (Sign In With Solana's `solana:signIn`), it signs these instead
   * of `signMessage` signing `message`, and `addSession` gets the text the wallet signed.
   */
  fields?: Readonly<Record<string, unknown>>;
}

/** An account on every network of its namespace: what a sign-out names. */
export interface SiwxNamespaceAccount {
  namespace: ChainNamespace;
  address: string;
}

/**
 * The sign-in-with-X extension (§4): `createSiwxClient` from `@latch/siwx` makes one that talks to
 * `@latch/siwx/server`; any object of this shape works (your own backend). A session's `expiresAt`
 * (RFC 3339; else its `data.expirationTime`) tells the modal when to ask the connected visitor again.
 */
export interface SiwxConfig {
  /** The modal cannot be closed until the visitor signs in or disconnects (§4). */
  required?: boolean;
  createMessage(account: SiwxAccount): Promise<SiwxMessageToSign>;
  /** Stores a signed message (your server verifies it) and may resolve the session; rejects with the reason when refused. */
  addSession(session: SiwxAccount & { message: string; signature: string }): Promise<unknown>;
  /** The sessions that cover this account; none opens the sign-in view. */
  getSessions(caipNetworkId: CaipNetworkId, address: string): Promise<readonly unknown[]>;
  /** Called with `[]` when the last connected namespace disconnects (§4: sessions are cleared). */
  setSessions?(sessions: readonly unknown[]): Promise<void>;
  /**
   * Forgets these accounts' sessions, on every network of their namespace, and keeps the others: called
   * when some namespaces disconnect (the visitor's choice or the wallet's) while others stay connected.
   * Without it, the modal keeps what `getSessions` reads for the accounts still connected through `setSessions`.
   */
  revokeSessions?(accounts: readonly SiwxNamespaceAccount[]): Promise<void>;
}

export interface ModalOptions {
  /** At least one network (§5). The first is the default unless `defaultNetwork` says otherwise. */
  networks: readonly CaipNetwork[];
  defaultNetwork?: CaipNetwork;
  adapters?: readonly ChainAdapter[];
  /** Cross-namespace connectors (WalletConnect, the embedded wallet): one session, several namespaces. */
  connectors?: readonly ConnectorPlugin[];
  plugins?: readonly FeaturePlugin[];
  features?: Partial<Features>;
  projectId?: string;
  metadata?: DappMetadata;
  sdkType?: string;
  sdkVersion?: string;
  themeMode?: ThemeMode;
  themeVariables?: Readonly<Record<string, string | number>>;
  /** Only these registry wallets appear in All Wallets (ids, rdns or names); installed wallets always do. */
  includeWalletIds?: readonly string[];
  /** Never shown, installed or not (§5: by id, rdns or name). */
  excludeWalletIds?: readonly string[];
  /** Shown on the Connect view after installed and recent wallets. */
  featuredWalletIds?: readonly string[];
  customWallets?: readonly CustomWallet[];
  /** Linked under the wallet list ("By connecting a wallet, you agree to…"); http(s) only. */
  termsConditionsUrl?: string;
  privacyPolicyUrl?: string;
  siwx?: SiwxConfig;
  /** Legacy sign-in-with-Ethereum config; mutually exclusive with `siwx` (§5). */
  siweConfig?: unknown;
  /** Embedded mode: the modal renders inline and never closes (§1, §4). */
  enableEmbedded?: boolean;
  allowUnsupportedChain?: boolean;
  manualWCControl?: boolean;
  enableNetworkSwitch?: boolean;
  /** RPC URLs that replace a network's own (your node, not a public one): `{ 'eip155:1': ['https://…'] }`. */
  customRpcUrls?: Readonly<Record<CaipNetworkId, readonly string[]>>;
  dataServices?: DataServices;
  /**
   * Hosts the modal may load images from (token icons, NFT images): hostnames ('img.example.com'),
   * host:port, or origins ('https://img.example.com'). data: images always show; anything else
   * gets a placeholder, so the modal makes no request to a host you did not list. Default: none.
   */
  imageHosts?: readonly string[];
  /** Where §3 keys are kept. Default: `localStorage` when usable; `null` keeps state in memory. */
  storage?: StorageLike | null;
  /**
   * Prefix of every stored key. Default `@latch/` for the first instance on the page, `@latch/2/`
   * for a second one alive at the same time, and so on. Set it when instances may be created in a
   * different order from one visit to the next.
   */
  storagePrefix?: string;
  /** Analytics and error telemetry go only to a host configured here (§7; off by default). */
  telemetry?: { endpoint: string };
  /** Decides the mobile branches of §2/§5; default: a narrow or touch-only viewport. */
  isMobile?: () => boolean;
  /**
   * The account type a wallet that offers several (the embedded wallet: its key, or the smart account it owns) uses
   * until the visitor picks one, per namespace: `{ eip155: 'eoa' }`. Defaults: eip155 `smartAccount`, solana `eoa`,
   * polkadot `eoa`, bip122 `payment`. Wallets with one account type are never switched.
   */
  defaultAccountTypes?: Readonly<Partial<Record<ChainNamespace, AccountType>>>;
}

export interface ResolvedOptions extends Omit<ModalOptions, 'features'> {
  features: Features;
  defaultNetwork: CaipNetwork;
  enableNetworkSwitch: boolean;
  sdkType: string;
  sdkVersion: string;
  storagePrefix: string;
}

function configError(message: string): LatchError {
  return new LatchError(message, { category: 'VALIDATION_ERROR' });
}

/** §5: a network's id must be a CAIP-2 id of its own namespace. */
export function validateNetwork(network: CaipNetwork): void {
  const parsed = parseCaipNetworkId(String(network?.caipNetworkId));
  if (!parsed || parsed.namespace !== network.chainNamespace) {
    throw configError(
      `Invalid network '${String(network?.name)}': caipNetworkId '${String(network?.caipNetworkId)}' must be a CAIP-2 id '<namespace>:<reference>' (namespace: 3 to 8 of a-z, 0-9, '-'; reference: 1 to 32 of a-z, A-Z, 0-9, '-', '_') whose namespace is its chainNamespace '${String(network?.chainNamespace)}'`,
    );
  }
}

/** §6 flags plus the registered plugins' own flags (on by default). */
function resolveFeatures(features: Partial<Features> | undefined, plugins: readonly FeaturePlugin[] = []): Features {
  const own = plugins.map((p) => p.feature as string).filter((flag) => !(FEATURE_NAMES as readonly string[]).includes(flag));
  const known = [...FEATURE_NAMES, ...own];
  for (const name of Object.keys(features ?? {})) {
    if (!known.includes(name)) throw configError(`Unknown feature '${name}'. Known features: ${known.join(', ')}`);
  }
  return { ...DEFAULT_FEATURES, ...Object.fromEntries(own.map((flag) => [flag, true])), ...features };
}

const isHttpUrl = (url: unknown) => typeof url === 'string' && /^https?:\/\/[^\s]+$/.test(url);

/** `customRpcUrls` put in place of the networks' own RPC URLs. */
function withCustomRpcUrls(networks: readonly CaipNetwork[], custom: ModalOptions['customRpcUrls']): readonly CaipNetwork[] {
  if (!custom) return networks;
  for (const [id, urls] of Object.entries(custom)) {
    if (!networks.some((n) => n.caipNetworkId === id)) throw configError(`customRpcUrls names '${id}', which is not in \`networks\``);
    if (!Array.isArray(urls) || urls.length === 0 || !urls.every(isHttpUrl)) {
      throw configError(`customRpcUrls['${id}'] must be a non-empty list of http(s) URLs`);
    }
  }
  return networks.map((n) => {
    const urls = custom[n.caipNetworkId];
    return urls ? { ...n, rpcUrls: { ...n.rpcUrls, default: { ...n.rpcUrls.default, http: [...urls] } } } : n;
  });
}

/** Validates options (§5) and fills in §9 defaults. Throws a LatchError on a misconfiguration. */
export function resolveOptions(options: ModalOptions): ResolvedOptions {
  if (options.siweConfig !== undefined && options.siwx !== undefined) {
    throw configError(SIWE_AND_SIWX_MESSAGE);
  }
  if (!Array.isArray(options.networks) || options.networks.length === 0) {
    throw configError('At least one network is required in `networks`');
  }
  options.networks.forEach(validateNetwork);
  const ids = options.networks.map((n) => n.caipNetworkId);
  const duplicate = ids.find((id, index) => ids.indexOf(id) !== index);
  if (duplicate) throw configError(`Network '${duplicate}' is listed twice in \`networks\``);
  const networks = withCustomRpcUrls(options.networks, options.customRpcUrls);
  const wanted = options.defaultNetwork?.caipNetworkId ?? ids[0];
  const defaultNetwork = networks.find((n) => n.caipNetworkId === wanted);
  if (!defaultNetwork) throw configError(`defaultNetwork '${String(wanted)}' is not in \`networks\``);
  const namespaces = (options.adapters ?? []).map((a) => a.namespace);
  const twice = namespaces.find((ns, index) => namespaces.indexOf(ns) !== index);
  if (twice) throw configError(`Two adapters for namespace '${twice}'`);
  const malformed = namespaces.find((ns) => !isCaipNamespace(ns));
  if (malformed !== undefined)
    throw configError(`Adapter namespace '${String(malformed)}' is not a CAIP-2 namespace (3 to 8 of a-z, 0-9, '-')`);
  if (
    options.imageHosts !== undefined &&
    (!Array.isArray(options.imageHosts) || options.imageHosts.some((h) => typeof h !== 'string' || !h))
  ) {
    throw configError('`imageHosts` must be a list of host names or origins');
  }
  const connectorIds = (options.connectors ?? []).map((c) => c.id);
  const sameId = connectorIds.find((id, index) => connectorIds.indexOf(id) !== index);
  if (sameId) throw configError(`Two connectors with id '${sameId}' in \`connectors\``);
  const features = resolveFeatures(options.features, options.plugins);
  if (Object.values(options.defaultAccountTypes ?? {}).some((type) => !type || typeof type !== 'string')) {
    throw configError('`defaultAccountTypes` maps namespaces to account type names');
  }
  // The data services of the plugins whose flag is on (the first plugin wins), under the host's own.
  const provided = (options.plugins ?? []).filter((p) => p.dataServices && features[p.feature]).map((p) => p.dataServices);
  return {
    ...options,
    ...(provided.length > 0 ? { dataServices: Object.assign({}, ...provided.reverse(), options.dataServices) as DataServices } : {}),
    networks,
    features,
    defaultNetwork,
    enableNetworkSwitch: options.enableNetworkSwitch ?? true,
    sdkType: options.sdkType ?? 'latch',
    sdkVersion: options.sdkVersion ?? 'latch-kernel-0.0.0',
    storagePrefix: options.storagePrefix ?? '@latch/',
  };
}
