import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/*
 * The smart account's sessions (ERC-7715 permissions), as the page (which asks for a grant and sends session calls)
 * and the frame (which shows a grant or a revoke and signs it) both encode them. A session lets a dApp's own key
 * (the signer) send UserOperations from the visitor's smart account that call listed functions (contract + selector,
 * with a native value limit per call) until an expiry the EntryPoint enforces; only the account's owner grants or
 * revokes one. A session's id is 32 bytes: the first 16 are the granting site's tag (the first 16 bytes of
 * keccak256 of its origin), the last 16 are random; the frame refuses a grant or a revoke whose id does not carry the
 * asking site's tag, so a site never revokes (or reuses) another site's session.
 */

/** The four bytes that start a session's UserOperation signature: magic, the session id (32 bytes), r s v (65 bytes). */
export const SESSION_SIGNATURE_MAGIC = '0x5e551075' as const;

/** The furthest expiry a grant may have: 30 days from the moment it is shown. */
export const SESSION_MAX_DURATION_SECONDS = 30 * 24 * 60 * 60;

/** The site tag a session id starts with: the first 16 bytes of keccak256(origin), 0x-hex (34 characters). */
export function sessionOriginTag(origin: string): `0x${string}` {
  return `0x${bytesToHex(keccak_256(utf8ToBytes(origin)).slice(0, 16))}`;
}

/** Whether `id` (0x + 64 hex) was made for `origin`. */
export function sessionIdIsFrom(id: string, origin: string): boolean {
  return id.toLowerCase().startsWith(sessionOriginTag(origin).toLowerCase()) && /^0x[0-9a-fA-F]{64}$/.test(id);
}

/** What a `permissionsContext` is, for the error a malformed one gets. */
export const PERMISSIONS_CONTEXT_SHAPE = 'A permissionsContext is 0x followed by the account (20 bytes) and the session id (32 bytes)';

/** A `permissionsContext` (what `wallet_grantPermissions` returns) split: the account and the session id; undefined if malformed. */
export function parsePermissionsContext(permissionsContext: string): { account: `0x${string}`; id: `0x${string}` } | undefined {
  if (typeof permissionsContext !== 'string' || !/^0x[0-9a-fA-F]{104}$/.test(permissionsContext)) return undefined;
  return { account: `0x${permissionsContext.slice(2, 42)}`, id: `0x${permissionsContext.slice(42)}` };
}

/** One call a session may make, as the contract's `SessionCall` struct: contract, selector, value limit per call. */
const SESSION_CALL_COMPONENTS = [
  { name: 'target', type: 'address' },
  { name: 'selector', type: 'bytes4' },
  { name: 'valueLimit', type: 'uint256' },
] as const;

/** The account's session calls and reads, and the event a grant emits. */
export const SMART_ACCOUNT_SESSION_ABI = [
  {
    type: 'function',
    name: 'grantSession',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'id', type: 'bytes32' },
      { name: 'signer', type: 'address' },
      { name: 'validUntil', type: 'uint48' },
      {
        name: 'calls',
        type: 'tuple[]',
        components: SESSION_CALL_COMPONENTS,
      },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'revokeSession',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'id', type: 'bytes32' }],
    outputs: [],
  },
  {
    type: 'event',
    name: 'SessionGranted',
    inputs: [
      { name: 'id', type: 'bytes32', indexed: true },
      { name: 'signer', type: 'address', indexed: true },
      { name: 'validUntil', type: 'uint48', indexed: false },
      {
        name: 'calls',
        type: 'tuple[]',
        indexed: false,
        components: SESSION_CALL_COMPONENTS,
      },
    ],
  },
  {
    type: 'function',
    name: 'session',
    stateMutability: 'view',
    inputs: [{ name: 'id', type: 'bytes32' }],
    outputs: [
      { name: 'signer', type: 'address' },
      { name: 'validUntil', type: 'uint48' },
    ],
  },
  {
    type: 'function',
    name: 'sessionAllowance',
    stateMutability: 'view',
    inputs: [
      { name: 'id', type: 'bytes32' },
      { name: 'target', type: 'address' },
      { name: 'selector', type: 'bytes4' },
    ],
    outputs: [
      { name: 'allowed', type: 'bool' },
      { name: 'valueLimit', type: 'uint256' },
    ],
  },
] as const;
