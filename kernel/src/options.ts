import { LatchError } from './errors/LatchError.js';
import { SIWE_AND_SIWX_MESSAGE } from './errors/messages.js';
import type { ChainAdapter } from './plugins/ChainAdapter.js';
import type { Connector } from './plugins/Connector.js';
import type { DataServices } from './plugins/dataServices.js';
import type { FeaturePlugin } from './plugins/FeaturePlugin.js';
import type { StorageLike } from './storage.js';
import type { AccountType, CaipNetwork, CaipNetworkId, ChainNamespace, ThemeMode } from './types.js';
import { CHAIN_NAMESPACES } from './types.js';
import { parseCaipNetworkId } from './caip.js';

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

export type Features = { [K in FeatureName]: K extends 'socials' ? readonly SocialProvider[] | false : boolean };

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

/** §6 default account types per namespace. */
export const DEFAULT_ACCOUNT_TYPES: Readonly<Partial<Record<ChainNamespace, AccountType>>> = Object.freeze({
  eip155: 'smartAccount',
  solana: 'eoa',
  polkadot: 'eoa',
  bip122: 'payment',
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

/** The sign-in-with-X extension (§4). Only the parts the kernel calls are typed here. */
export interface SiwxConfig {
  required?: boolean;
  getSessions(caipNetworkId: CaipNetworkId, address: string): Promise<readonly unknown[]>;
  setSessions?(sessions: readonly unknown[]): Promise<void>;
}

export interface ModalOptions {
  /** At least one network (§5). The first is the default unless `defaultNetwork` says otherwise. */
  networks: readonly CaipNetwork[];
  defaultNetwork?: CaipNetwork;
  adapters?: readonly ChainAdapter[];
  /** Cross-namespace connectors (WalletConnect, embedded wallet). */
  connectors?: readonly Connector[];
  plugins?: readonly FeaturePlugin[];
  features?: Partial<Features>;
  projectId?: string;
  metadata?: DappMetadata;
  sdkType?: string;
  sdkVersion?: string;
  themeMode?: ThemeMode;
  themeVariables?: Readonly<Record<string, string | number>>;
  includeWalletIds?: readonly string[];
  excludeWalletIds?: readonly string[];
  featuredWalletIds?: readonly string[];
  customWallets?: readonly CustomWallet[];
  tokens?: Readonly<Record<CaipNetworkId, { address: string; image?: string }>>;
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
  defaultAccountTypes?: Partial<Record<ChainNamespace, AccountType>>;
  customRpcUrls?: Readonly<Record<CaipNetworkId, readonly string[]>>;
  dataServices?: DataServices;
  /** Where §3 keys are kept. Default: `localStorage` when usable; `null` keeps state in memory. */
  storage?: StorageLike | null;
  storagePrefix?: string;
  /** Analytics and error telemetry go only to a host configured here (§7; off by default). */
  telemetry?: { endpoint: string };
  /** Decides the mobile branches of §2/§5; default: a narrow or touch-only viewport. */
  isMobile?: () => boolean;
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

function validateNetwork(network: CaipNetwork): void {
  const parsed = parseCaipNetworkId(String(network?.caipNetworkId));
  if (!parsed || parsed.namespace !== network.chainNamespace) {
    throw configError(`Invalid network '${String(network?.name)}': caipNetworkId '${String(network?.caipNetworkId)}' must be '<namespace>:<reference>' with a namespace of ${CHAIN_NAMESPACES.join(', ')} matching chainNamespace`);
  }
}

function resolveFeatures(features: Partial<Features> | undefined): Features {
  for (const name of Object.keys(features ?? {})) {
    if (!(FEATURE_NAMES as readonly string[]).includes(name)) {
      throw configError(`Unknown feature '${name}'. Known features: ${FEATURE_NAMES.join(', ')}`);
    }
  }
  return { ...DEFAULT_FEATURES, ...features };
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
  const defaultNetwork = options.defaultNetwork ?? (options.networks[0] as CaipNetwork);
  if (!ids.includes(defaultNetwork.caipNetworkId)) {
    throw configError(`defaultNetwork '${defaultNetwork.caipNetworkId}' is not in \`networks\``);
  }
  const namespaces = (options.adapters ?? []).map((a) => a.namespace);
  const twice = namespaces.find((ns, index) => namespaces.indexOf(ns) !== index);
  if (twice) throw configError(`Two adapters for namespace '${twice}'`);
  return {
    ...options,
    features: resolveFeatures(options.features),
    defaultNetwork,
    enableNetworkSwitch: options.enableNetworkSwitch ?? true,
    sdkType: options.sdkType ?? 'latch',
    sdkVersion: options.sdkVersion ?? 'latch-kernel-0.0.0',
    storagePrefix: options.storagePrefix ?? '@latch/',
  };
}
