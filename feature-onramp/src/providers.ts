import { type ChainNamespace, invalidOption } from '@latch/kernel';

/** §9 on-ramp providers. */
export type OnrampProviderId = 'coinbase' | 'meld';

/** §9 on-ramp chain names (eip155), plus `solana` for providers that serve it. */
export const ONRAMP_CHAIN_NAMES = [
  'ethereum',
  'arbitrum',
  'polygon',
  'berachain',
  'avalanche-c-chain',
  'optimism',
  'celo',
  'base',
] as const;
export type OnrampEvmChainName = (typeof ONRAMP_CHAIN_NAMES)[number];
export type OnrampChainName = OnrampEvmChainName | 'solana';
/** §9: the chain name used when the active network has none. */
export const FALLBACK_CHAIN_NAME: OnrampEvmChainName = 'ethereum';

/** §9: each provider's fee and the namespaces it serves. */
export const ONRAMP_PROVIDERS: Readonly<Record<OnrampProviderId, { name: string; fee: string; namespaces: readonly ChainNamespace[] }>> = {
  coinbase: { name: 'Coinbase', fee: '1-2%', namespaces: ['eip155'] },
  meld: { name: 'Meld', fee: '1-2%', namespaces: ['eip155', 'solana'] },
};

const EVM_CHAIN_IDS: Readonly<Record<string, OnrampEvmChainName>> = {
  '1': 'ethereum',
  '42161': 'arbitrum',
  '137': 'polygon',
  '80094': 'berachain',
  '43114': 'avalanche-c-chain',
  '10': 'optimism',
  '42220': 'celo',
  '8453': 'base',
};

/** The on-ramp chain name of a CAIP-2 network id; eip155 networks without one fall back to ethereum. */
export function onrampChainName(caipNetworkId: string | undefined): OnrampChainName {
  if (caipNetworkId?.startsWith('solana:')) return 'solana';
  const reference = caipNetworkId?.startsWith('eip155:') ? caipNetworkId.slice('eip155:'.length) : undefined;
  return (reference && EVM_CHAIN_IDS[reference]) || FALLBACK_CHAIN_NAME;
}

/** The chain names a namespace can buy on. */
export function chainNamesFor(namespace: ChainNamespace): readonly OnrampChainName[] {
  if (namespace === 'eip155') return ONRAMP_CHAIN_NAMES;
  if (namespace === 'solana') return ['solana'];
  return [];
}

const NATIVE_ASSETS: Readonly<Record<OnrampChainName, string>> = {
  ethereum: 'ETH',
  arbitrum: 'ETH',
  optimism: 'ETH',
  base: 'ETH',
  polygon: 'POL',
  berachain: 'BERA',
  'avalanche-c-chain': 'AVAX',
  celo: 'CELO',
  solana: 'SOL',
};

/** The assets offered on a chain: its native asset, then USDC. */
export function assetsFor(chain: OnrampChainName): readonly string[] {
  return [NATIVE_ASSETS[chain], 'USDC'];
}

/** The providers configured and able to serve a namespace, in §9 order. */
export function providersFor(configured: readonly OnrampProviderId[], namespace: ChainNamespace | undefined): OnrampProviderId[] {
  return (Object.keys(ONRAMP_PROVIDERS) as OnrampProviderId[]).filter(
    (id) => configured.includes(id) && namespace !== undefined && ONRAMP_PROVIDERS[id].namespaces.includes(namespace),
  );
}

/** Meld's network suffixes for `destinationCurrencyCode` (`USDC_BASE`; the bare code on ethereum). */
const MELD_SUFFIX: Readonly<Record<OnrampChainName, string>> = {
  ethereum: '',
  arbitrum: 'ARBITRUM',
  optimism: 'OPTIMISM',
  base: 'BASE',
  polygon: 'POLYGON',
  berachain: 'BERACHAIN',
  'avalanche-c-chain': 'AVAXC',
  celo: 'CELO',
  solana: 'SOLANA',
};

/** Meld's currency code of an asset on a chain: the native asset bare, others suffixed outside ethereum. */
export function meldCurrencyCode(asset: string, chain: OnrampChainName): string {
  const suffix = MELD_SUFFIX[chain];
  return asset === NATIVE_ASSETS[chain] || !suffix ? asset : `${asset}_${suffix}`;
}

export interface OnrampPurchase {
  provider: OnrampProviderId;
  /** The account's address on the active namespace. */
  address: string;
  chain: OnrampChainName;
  asset: string;
  /** Fiat amount as typed (digits, optional dot and up to 2 decimals). */
  amount: string;
  fiatCurrency: string;
}

/** The providers' public widget URLs (used unless the integrator configures `widgetUrl`). */
export const DEFAULT_WIDGET_URLS: Readonly<Record<OnrampProviderId, string>> = {
  coinbase: 'https://pay.coinbase.com/buy/select-asset',
  meld: 'https://meldcrypto.com/',
};

/**
 * What Coinbase's session token endpoint is asked for (less the visitor's IP, which the integrator's
 * server adds): the addresses to fund with their networks, and the assets offered.
 */
export interface OnrampSessionRequest {
  addresses: { address: string; blockchains: string[] }[];
  assets?: string[];
}

/** Asks the integrator's server for a one-time Coinbase session token (called when the visitor clicks Continue). */
export type GetOnrampSessionToken = (request: OnrampSessionRequest) => Promise<string>;

/** The checked provider configuration; `widgetUrl` defaults to `DEFAULT_WIDGET_URLS`. */
export interface OnrampProviders {
  coinbase?: { appId?: string | undefined; getSessionToken?: GetOnrampSessionToken | undefined; widgetUrl?: string | undefined };
  meld?: { publicKey: string; widgetUrl?: string | undefined };
}

/** The session token request for a purchase: the one address, on the chosen network, for the chosen asset. */
export function sessionRequestFor(purchase: Pick<OnrampPurchase, 'address' | 'chain' | 'asset'>): OnrampSessionRequest {
  return { addresses: [{ address: purchase.address, blockchains: [purchase.chain] }], assets: [purchase.asset] };
}

/** A fiat amount the providers accept: greater than 0, at most 2 decimals. */
export function isValidFiatAmount(amount: string): boolean {
  return /^\d+(\.\d{1,2})?$/.test(amount) && Number(amount) > 0;
}

/**
 * The provider's widget URL for a purchase. Coinbase Onramp: `sessionToken` (when the integrator's
 * server made one; the token carries the address and assets) or the older `appId`, `addresses`,
 * `assets`; then `defaultNetwork`, `defaultAsset`, `presetFiatAmount`, `fiatCurrency`. Meld:
 * `publicKey`, `walletAddress`, `destinationCurrencyCode`, `sourceAmount`, `sourceCurrencyCode`.
 */
/**
 * What is wrong with the providers' configuration that registration does not check (to stay small): a `widgetUrl`
 * that is not http(s), a `getSessionToken` that is not a function or is given to another provider than Coinbase.
 * The Buy view shows it instead of the form.
 */
export function configProblem(providers: OnrampProviders): string | undefined {
  for (const [id, config] of Object.entries(providers) as [string, Record<string, unknown> | undefined][]) {
    if (!config) continue;
    const { widgetUrl, getSessionToken } = config;
    if (widgetUrl !== undefined && !/^https?:\/\/[^/\s]/.test(String(widgetUrl))) return `providers.${id}.widgetUrl must be an http(s) URL`;
    if (getSessionToken !== undefined && (id !== 'coinbase' || typeof getSessionToken !== 'function')) {
      return `providers.${id}.getSessionToken must be a function (Coinbase only)`;
    }
  }
  return undefined;
}

export function buildOnrampUrl(providers: OnrampProviders, purchase: OnrampPurchase, sessionToken?: string): string {
  const { provider, address, chain, asset, amount, fiatCurrency } = purchase;
  if (!address) throw invalidOption('Onramp: the account has no address');
  if (!isValidFiatAmount(amount)) throw invalidOption(`Onramp: invalid fiat amount '${amount}'`);
  const namespace: ChainNamespace = chain === 'solana' ? 'solana' : 'eip155';
  if (!ONRAMP_PROVIDERS[provider].namespaces.includes(namespace)) {
    throw invalidOption(`Onramp: ${ONRAMP_PROVIDERS[provider].name} does not serve ${namespace}`);
  }
  if (provider === 'coinbase') {
    const config = providers.coinbase;
    if (!config) throw invalidOption('Onramp: coinbase is not configured');
    const url = new URL(config.widgetUrl ?? DEFAULT_WIDGET_URLS.coinbase);
    if (config.getSessionToken) {
      if (!sessionToken) throw invalidOption('Onramp: Coinbase needs a session token from getSessionToken');
      url.searchParams.set('sessionToken', sessionToken);
    } else if (config.appId) {
      url.searchParams.set('appId', config.appId);
      url.searchParams.set('addresses', JSON.stringify({ [address]: [chain] }));
      url.searchParams.set('assets', JSON.stringify([asset]));
    } else {
      throw invalidOption('Onramp: coinbase needs getSessionToken (or appId)');
    }
    url.searchParams.set('defaultNetwork', chain);
    url.searchParams.set('defaultAsset', asset);
    url.searchParams.set('presetFiatAmount', amount);
    url.searchParams.set('fiatCurrency', fiatCurrency);
    return url.toString();
  }
  const config = providers.meld;
  if (!config) throw invalidOption('Onramp: meld is not configured');
  const url = new URL(config.widgetUrl ?? DEFAULT_WIDGET_URLS.meld);
  url.searchParams.set('publicKey', config.publicKey);
  url.searchParams.set('walletAddress', address);
  url.searchParams.set('destinationCurrencyCode', meldCurrencyCode(asset, chain));
  url.searchParams.set('sourceAmount', amount);
  url.searchParams.set('sourceCurrencyCode', fiatCurrency);
  return url.toString();
}
