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
export { smtpFromUrl, type SmtpConfig } from './mailer.js';
export type { EmbeddedWalletProject } from './projects.js';
export { DEFAULT_RATE_LIMITS, type RateLimits, type RateRule } from './rateLimit.js';
