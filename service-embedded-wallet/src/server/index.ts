export {
  createEmbeddedWalletService,
  type EmbeddedWalletService,
  type EmbeddedWalletServiceConfig,
} from './createEmbeddedWalletService.js';
export {
  startEmbeddedWalletService,
  type RunningEmbeddedWalletService,
  type StartEmbeddedWalletServiceOptions,
} from './startEmbeddedWalletService.js';
export type { DatabaseOption } from './database.js';
export type { FarcasterConfig } from './farcaster.js';
export { smtpFromUrl, type SmtpConfig } from './mailer.js';
export type { EmbeddedWalletProject } from './projects.js';
export { DEFAULT_RATE_LIMITS, type RateLimits, type RateRule } from './rateLimit.js';
export { SOCIAL_PROVIDERS, type SocialProvider, type SocialProviderConfig, type SocialsConfig } from './socialProviders.js';
