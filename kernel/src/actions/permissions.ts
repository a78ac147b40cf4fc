import type { KernelContext } from '../context.js';
import { LatchError } from '../primitives.js';
import { getAccount, reportError } from './accountState.js';

/*
 * ERC-7715 permissions (the `smartSessions` feature, off by default): the host asks the connected eip155 wallet to
 * grant a dApp key a session (`wallet_grantPermissions`), to end one (`wallet_revokePermissions`), or lists the
 * sessions it granted this site (`latch_getPermissions`, the embedded wallet's). Loaded when the host first asks.
 */

/** A `wallet_grantPermissions` request (ERC-7715): what the dApp's key may do from the visitor's account, until when. */
export interface GrantPermissionsRequest {
  /** 0x chain id (default: the active eip155 network's). */
  chainId?: string;
  /** Unix seconds; the embedded wallet refuses none, a past one, or more than 30 days away. */
  expiry: number;
  /** The key the dApp holds: `{ type: 'account', data: { address } }` or `{ type: 'key', data: { type: 'secp256k1', publicKey } }`. */
  signer: { type: 'account'; data: { address: string } } | { type: 'key'; data: { type: 'secp256k1'; publicKey: string } };
  /**
   * What it may call: `{ type: 'contract-call', data: { address, calls: ['transfer(address,uint256)' | '0xa9059cbb'],
   * valueLimit? } }` or `{ type: 'native-token-transfer', data: { to, valueLimit } }` (value limits per call, 0x wei).
   */
  permissions: readonly { type: string; data: Readonly<Record<string, unknown>>; policies?: readonly unknown[] }[];
}

/** What the wallet granted: `permissionsContext` names the session on chain (the dApp sends its calls with it). */
export interface GrantPermissionsResult {
  chainId: string;
  /** The account the session acts for (the visitor's smart account). */
  address: string;
  expiry: number;
  permissionsContext: string;
  grantedPermissions: GrantPermissionsRequest['permissions'];
  signer?: GrantPermissionsRequest['signer'];
}

/** One live session the wallet granted this site (`latch_getPermissions`). */
export interface GrantedPermission {
  permissionsContext: string;
  /** The dApp key's address (as the wallet reports it; lowercase from the embedded wallet). */
  signer: string;
  /** Unix seconds. */
  expiry: number;
}

interface Eip1193 {
  request(args: { method: string; params?: unknown }): Promise<unknown>;
}

/** The connected eip155 wallet's provider, once the feature is on. */
function provider(ctx: KernelContext): Eip1193 {
  if (!ctx.options.features.smartSessions)
    throw new LatchError('The smartSessions feature is off: set features.smartSessions to true in createModal', {
      category: 'VALIDATION_ERROR',
    });
  const account = getAccount(ctx, 'eip155');
  const wallet = account?.status === 'connected' ? (account.connector?.provider as Eip1193 | undefined) : undefined;
  if (!wallet || typeof wallet.request !== 'function')
    throw new LatchError('No eip155 wallet is connected', { category: 'CONNECTOR_ERROR' });
  return wallet;
}

async function ask<T>(ctx: KernelContext, method: string, params: unknown[], event: string): Promise<T> {
  const wallet = provider(ctx);
  try {
    return (await wallet.request({ method, params })) as T;
  } catch (err) {
    throw reportError(ctx, err, event);
  }
}

/** Asks the connected wallet to grant a session; resolves once the visitor approved it and it is on chain. */
export function grantPermissions(ctx: KernelContext, request: GrantPermissionsRequest): Promise<GrantPermissionsResult> {
  return ask(ctx, 'wallet_grantPermissions', [request], 'GRANT_PERMISSIONS_ERROR');
}

/** Asks the connected wallet to end a session it granted this site (the visitor approves it). */
export async function revokePermissions(ctx: KernelContext, request: { permissionsContext: string }): Promise<void> {
  await ask(ctx, 'wallet_revokePermissions', [request], 'REVOKE_PERMISSIONS_ERROR');
}

/** The sessions the connected wallet granted this site that are still live (neither revoked nor expired). */
export function getPermissions(ctx: KernelContext): Promise<GrantedPermission[]> {
  return ask(ctx, 'latch_getPermissions', [], 'GET_PERMISSIONS_ERROR');
}
