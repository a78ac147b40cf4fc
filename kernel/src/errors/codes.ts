import { readUntrustedProperty } from '../primitives.js';

/** §8 standard codes: JSON-RPC (EIP-1474), provider (EIP-1193, EIP-3085) and call bundles (EIP-5792). */
export const ERROR_CODES = Object.freeze({
  PARSE_ERROR: -32700,
  INVALID_REQUEST: -32600,
  METHOD_NOT_FOUND: -32601,
  INVALID_PARAMS: -32602,
  INTERNAL_ERROR: -32603,
  INVALID_INPUT: -32000,
  RESOURCE_NOT_FOUND: -32001,
  RESOURCE_UNAVAILABLE: -32002,
  TRANSACTION_REJECTED: -32003,
  METHOD_NOT_SUPPORTED: -32004,
  LIMIT_EXCEEDED: -32005,
  VERSION_UNSUPPORTED: -32006,
  USER_REJECTED: 4001,
  UNAUTHORIZED: 4100,
  UNSUPPORTED_METHOD: 4200,
  PROVIDER_DISCONNECTED: 4900,
  CHAIN_DISCONNECTED: 4901,
  /** The wallet does not recognise the chain; add it with wallet_addEthereumChain. */
  SWITCH_CHAIN: 4902,
  UNSUPPORTED_CAPABILITY: 5700,
  UNSUPPORTED_CHAIN: 5710,
  DUPLICATE_BUNDLE_ID: 5720,
  UNKNOWN_BUNDLE_ID: 5730,
  BUNDLE_TOO_LARGE: 5740,
  ATOMIC_UPGRADE_REJECTED: 5750,
  ATOMICITY_NOT_SUPPORTED: 5760,
} as const);

export type ErrorCodeName = keyof typeof ERROR_CODES;
export type ErrorCode = (typeof ERROR_CODES)[ErrorCodeName];

const DEFAULT_MESSAGES: ReadonlyMap<number, string> = new Map<ErrorCode, string>([
  [ERROR_CODES.PARSE_ERROR, 'Invalid JSON was received by the server.'],
  [ERROR_CODES.INVALID_REQUEST, 'The JSON sent is not a valid request object.'],
  [ERROR_CODES.METHOD_NOT_FOUND, 'The method does not exist or is not available.'],
  [ERROR_CODES.INVALID_PARAMS, 'Invalid method parameters.'],
  [ERROR_CODES.INTERNAL_ERROR, 'Internal JSON-RPC error.'],
  [ERROR_CODES.INVALID_INPUT, 'Missing or invalid parameters.'],
  [ERROR_CODES.RESOURCE_NOT_FOUND, 'Requested resource not found.'],
  [ERROR_CODES.RESOURCE_UNAVAILABLE, 'Requested resource not available.'],
  [ERROR_CODES.TRANSACTION_REJECTED, 'Transaction creation failed.'],
  [ERROR_CODES.METHOD_NOT_SUPPORTED, 'Method is not implemented.'],
  [ERROR_CODES.LIMIT_EXCEEDED, 'Request exceeds defined limit.'],
  [ERROR_CODES.VERSION_UNSUPPORTED, 'Version of JSON-RPC protocol is not supported.'],
  [ERROR_CODES.USER_REJECTED, 'User rejected the request.'],
  [ERROR_CODES.UNAUTHORIZED, 'The requested method and/or account has not been authorized by the user.'],
  [ERROR_CODES.UNSUPPORTED_METHOD, 'The provider does not support the requested method.'],
  [ERROR_CODES.PROVIDER_DISCONNECTED, 'The provider is disconnected from all chains.'],
  [ERROR_CODES.CHAIN_DISCONNECTED, 'The provider is not connected to the requested chain.'],
  [ERROR_CODES.SWITCH_CHAIN, 'Unrecognized chain ID. Try adding the chain using wallet_addEthereumChain first.'],
  [ERROR_CODES.UNSUPPORTED_CAPABILITY, 'The wallet does not support a capability that was not marked as optional.'],
  [ERROR_CODES.UNSUPPORTED_CHAIN, 'The wallet does not support the requested chain ID.'],
  [ERROR_CODES.DUPLICATE_BUNDLE_ID, 'There is already a bundle submitted with this ID.'],
  [ERROR_CODES.UNKNOWN_BUNDLE_ID, 'This bundle ID is unknown or has not been submitted.'],
  [ERROR_CODES.BUNDLE_TOO_LARGE, 'The call bundle is too large for the wallet to process.'],
  [ERROR_CODES.ATOMIC_UPGRADE_REJECTED, 'The wallet can support atomicity after an upgrade, but the user rejected the upgrade.'],
  [ERROR_CODES.ATOMICITY_NOT_SUPPORTED, 'The wallet does not support atomic execution but the request requires it.'],
]);

/** The default human message for a standard code, or undefined for an unknown code. */
export function describeErrorCode(code: number): string | undefined {
  return DEFAULT_MESSAGES.get(code);
}

const USER_REJECTION_MESSAGE = /user (rejected|denied|cancel)/i;
// ethers v6 reports wallet rejections with this string code instead of 4001.
const ETHERS_USER_REJECTION_CODE = 'ACTION_REJECTED';
// Bounds the walk through `cause` / `error` chains, which untrusted values could make cyclic.
const MAX_NESTING = 5;

/** True when the visitor declined in the wallet: code 4001, ethers' ACTION_REJECTED, or a "user rejected/denied/cancel…" message. */
export function isUserRejection(err: unknown): boolean {
  return isUserRejectionAtDepth(err, 0);
}

function isUserRejectionAtDepth(err: unknown, depth: number): boolean {
  if (depth > MAX_NESTING || err === null || err === undefined) return false;
  if (typeof err === 'string') return USER_REJECTION_MESSAGE.test(err);
  const code = readUntrustedProperty(err, 'code');
  if (code === ERROR_CODES.USER_REJECTED || code === ETHERS_USER_REJECTION_CODE) return true;
  const message = readUntrustedProperty(err, 'message');
  if (typeof message === 'string' && USER_REJECTION_MESSAGE.test(message)) return true;
  return (
    isUserRejectionAtDepth(readUntrustedProperty(err, 'error'), depth + 1) ||
    isUserRejectionAtDepth(readUntrustedProperty(err, 'cause'), depth + 1)
  );
}
