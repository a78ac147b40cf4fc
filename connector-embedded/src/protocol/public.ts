/*
 * `@latch/connector-embedded/protocol`: what the host page, the frame app and the wallet service all speak, and
 * nothing else. The frame app and the service (`@latch/embedded-wallet-service`) import it from here; it needs only
 * valibot, @noble/hashes and the kernel's error classes and texts, so the service does not pull in the connector's
 * views, and the connector does not pull in the service's server libraries.
 */
export * from './index.js';
export { AUTH_CODE_ERRORS, CODE_FAILURES } from './constants.js';
export { type WalletProofInput, walletProofMessage } from './walletProof.js';
export { ProviderRpcError, USER_REJECTED } from '../errors.js';
export { SMART_ACCOUNT_ABI, SMART_ACCOUNT_FACTORY_ABI } from './smartAccountAbi.js';
export {
  SESSION_MAX_DURATION_SECONDS,
  SESSION_SIGNATURE_MAGIC,
  SMART_ACCOUNT_SESSION_ABI,
  PERMISSIONS_CONTEXT_SHAPE,
  parsePermissionsContext,
  sessionIdIsFrom,
  sessionOriginTag,
} from './sessionAbi.js';
