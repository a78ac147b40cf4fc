import { type CaipNetwork, type FeaturePlugin, invalidOption, type LazyView } from '@latch/kernel';
import type { GetOnrampSessionToken, OnrampProviders } from './providers.js';
import { DEFAULT_RESTRICTED_TIME_ZONES, visitorTimeZone } from './restrictedTimeZones.js';

export interface OnrampOptions {
  /** At least one provider. `widgetUrl` defaults to the provider's public widget; nothing is contacted before the visitor clicks. */
  providers: {
    /**
     * Coinbase Onramp (eip155). `getSessionToken` asks your server for a one-time session token
     * (Coinbase requires one; `@latch/feature-onramp/server` is a reference handler); it is called only
     * when the visitor clicks Continue. `appId` alone builds Coinbase's older URL (address in the
     * query), which Coinbase no longer accepts for most projects.
     */
    coinbase?: { getSessionToken?: GetOnrampSessionToken; appId?: string; widgetUrl?: string };
    /** Meld (eip155 and solana): `publicKey` is the Meld public API key. */
    meld?: { publicKey: string; widgetUrl?: string };
  };
  /** ISO 4217 code of the fiat amount (default 'USD'). */
  fiatCurrency?: string;
  /** §9 restricted time zones where Buy is hidden (default: the mainland-China and Hong Kong/Macau zones). */
  restrictedTimeZones?: readonly string[];
  /** The visitor's time zone (default: the runtime's, `Intl.DateTimeFormat().resolvedOptions().timeZone`). */
  timeZone?: () => string | undefined;
}

/** What the view receives: the checked configuration. */
export interface OnrampSettings {
  providers: OnrampProviders;
  fiatCurrency: string;
}

/** The plugin's one view: the Buy form. */
export const ONRAMP_VIEW = 'BuyCrypto';

declare module '@latch/kernel' {
  /** `open({ view: 'BuyCrypto' })` compiles where this package is used. */
  interface PluginViews {
    BuyCrypto: true;
  }
}

/** The plugin, with the checked configuration its view reads (the view imports nothing from this module). */
export interface OnrampPlugin extends FeaturePlugin {
  readonly onramp: OnrampSettings;
}

/** Each provider's key option: Coinbase's project id, Meld's public API key. */
const PROVIDER_KEYS: Record<string, string> = { coinbase: 'appId', meld: 'publicKey' };

function fail(message: string): never {
  throw invalidOption(`createOnrampPlugin: ${message}`);
}

/**
 * The on-ramp feature plugin (§1 "buy with a fiat on-ramp"): register it in `plugins` at
 * `createModal`. The Account view then shows Buy (when `features.onramp` is on, the namespace has a
 * configured provider and the visitor is outside the restricted time zones); its view loads with
 * import() when opened.
 */
export function createOnrampPlugin(options: OnrampOptions): OnrampPlugin {
  const providers: Record<string, unknown> = {};
  for (const [id, config] of Object.entries(options?.providers ?? {})) {
    const key = PROVIDER_KEYS[id] ?? fail(`unknown provider '${id}'`);
    if (!config) continue;
    // The kind of `widgetUrl` and `getSessionToken` is checked when the Buy view opens (configProblem, in the view's
    // chunk), which keeps this registration small; Coinbase with a session token may leave out its appId.
    // A copy: a later change to the integrator's object does not reach the checked configuration.
    const copy: Record<string, unknown> = (providers[id] = { ...config });
    const value = copy[key];
    if (value === undefined ? !copy.getSessionToken : typeof value !== 'string' || !value.trim()) {
      fail(`providers.${id}${value === undefined && id === 'coinbase' ? ' needs getSessionToken (or appId)' : `.${key} is required`}`);
    }
  }
  if (!providers.coinbase && !providers.meld) fail('configure coinbase or meld');
  const { fiatCurrency = 'USD', restrictedTimeZones: restricted = DEFAULT_RESTRICTED_TIME_ZONES, timeZone = visitorTimeZone } = options;
  if (!/^[A-Z]{3}$/.test(fiatCurrency)) fail('fiatCurrency must be an ISO 4217 code');
  if (!Array.isArray(restricted)) fail('restrictedTimeZones must be an array');
  // The key is ONRAMP_VIEW's value written out (a test keeps them equal): a computed key kept the constant on first load.
  const views: Readonly<Record<string, LazyView>> = { BuyCrypto: () => import('./OnrampView.js') };

  return {
    id: 'onramp',
    feature: 'onramp',
    onramp: { providers: providers as OnrampProviders, fiatCurrency },
    // Coinbase serves eip155, Meld eip155 and solana (§9): the namespaces of the providers configured.
    supports: ({ chainNamespace: ns }: CaipNetwork) => ns === 'eip155' || (ns === 'solana' && 'meld' in providers),
    // Read when the modal renders (in the browser, not at module load): no view, no Buy button.
    get views() {
      const zone = timeZone();
      return zone && restricted.includes(zone) ? undefined : views;
    },
  } satisfies OnrampPlugin;
}
