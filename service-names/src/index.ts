export { createNameService, type NameService, type NameServiceOptions } from './createNameService.js';
export { startNameService, type RunningNameService, type StartNameServiceOptions } from './startNameService.js';
export type { DatabaseOption } from './database.js';
export { DEFAULT_LIMITS, type NameServiceLimits, type RateLimit } from './limits.js';
export { type AllowedOrigins, DEFAULT_PROJECT_ID, type NameProject } from './projects.js';
export { NameServiceError, type RegisterRequest, type SignatureCheckOptions } from './registration.js';
