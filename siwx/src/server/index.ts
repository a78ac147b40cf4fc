export { createSiwxServer, type SiwxServer, type SiwxServerOptions } from './createSiwxServer.js';
export { createSiwxHttpHandler, type SiwxHttpHandler, type SiwxHttpHandlerOptions } from './httpHandler.js';
export { createEip155Verifier, type Eip155VerifierOptions } from './eip155Verifier.js';
export { createSolanaVerifier } from './solanaVerifier.js';
export type { SiwxVerifier, SiwxVerifyRequest } from './verifier.js';
export { createMemoryNonceStore, type MemoryNonceStoreOptions, type SiwxNonceStore } from './nonceStore.js';
export { createMemorySessionStore, type MemorySessionStoreOptions, type SiwxSessionStore } from './sessionStore.js';
export { createMemoryRateLimitStore, type MemoryRateLimitStoreOptions, type SiwxRateLimitStore } from './rateLimit.js';
export {
  createKyselyNonceStore,
  createKyselyRateLimitStore,
  createKyselySessionStore,
  type KyselyStoreOptions,
} from './kyselyStores.js';
export { migrateSiwxDatabase, type SiwxDatabase, type SiwxMillis } from './database.js';
export { SiwxVerificationError, type SiwxVerificationCode } from './SiwxVerificationError.js';
export { parseSiwxMessage } from '../message/parseSiwxMessage.js';
export { SiwxMessageError } from '../message/SiwxMessageError.js';
export type { SiwxMessage } from '../message/types.js';
export type { SiwxNamespaceAccount, SiwxSession } from '../session.js';
