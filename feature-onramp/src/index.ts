export { createOnrampPlugin, ONRAMP_VIEW, type OnrampOptions, type OnrampPlugin, type OnrampSettings } from './createOnrampPlugin.js';
export {
  buildOnrampUrl,
  configProblem,
  DEFAULT_WIDGET_URLS,
  FALLBACK_CHAIN_NAME,
  type GetOnrampSessionToken,
  ONRAMP_CHAIN_NAMES,
  ONRAMP_PROVIDERS,
  onrampChainName,
  type OnrampChainName,
  type OnrampEvmChainName,
  type OnrampProviderId,
  type OnrampProviders,
  type OnrampPurchase,
  type OnrampSessionRequest,
} from './providers.js';
export { DEFAULT_RESTRICTED_TIME_ZONES } from './restrictedTimeZones.js';
