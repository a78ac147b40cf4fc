import type { KernelContext } from '../context.js';
import { LatchError } from '../primitives.js';
import type {
  BundleCall,
  CallCapability,
  CallsCapability,
  CallsStatus,
  SendCallsResult,
  WalletCallCapabilities,
} from '../plugins/ChainAdapter.js';
import type { Connector } from '../plugins/Connector.js';
import { activeNamespaceAtom } from '../state/atoms.js';
import type { CaipNetwork, ChainNamespace } from '../types.js';
import { capabilityOf, getAccount, reportError } from './accountState.js';
import { getNetworkState } from './networkState.js';

// ERC-7715 session permissions (the smartSessions feature): loaded with the call bundles, the host's other wallet calls.
export { getPermissions, grantPermissions, revokePermissions } from './permissions.js';

/** A call bundle as the host states it (`modal.sendCalls`). */
export interface SendCallsOptions {
  /** The calls, run in this order: each `to` a 0x address, `data` 0x hex (optional), `value` in the smallest unit. */
  calls: readonly BundleCall[];
  /** All or none: a wallet that cannot run them atomically refuses (code 5760) instead of sending them one by one. */
  atomicRequired?: boolean;
  /** EIP-5792 capabilities for the wallet (a paymaster service…); mark the ones it may ignore `optional: true`. */
  capabilities?: Readonly<Record<string, CallCapability>>;
  /** Your own id for the bundle (a wallet refuses one it already has: code 5720). */
  id?: string;
  /** Default: the active namespace. */
  namespace?: ChainNamespace;
}

interface Target {
  ns: ChainNamespace;
  address: string;
  connector: Connector;
  network: CaipNetwork;
  calls: CallsCapability;
}

/** The connected account, its network and its wallet's call-bundle capability on a namespace (default: the active one). */
function target(ctx: KernelContext, namespace?: ChainNamespace): Target {
  const ns = namespace ?? ctx.store.get(activeNamespaceAtom);
  const account = ns ? getAccount(ctx, ns) : undefined;
  const network = ns ? getNetworkState(ctx, ns).caipNetwork : undefined;
  if (!ns || account?.status !== 'connected' || !account.address || !account.connector || !network) {
    throw new LatchError('No wallet is connected', { category: 'CONNECTOR_ERROR' });
  }
  const calls = capabilityOf(ctx, ns, 'calls');
  if (!calls) throw new LatchError(`Call bundles are not supported on ${ns}`, { category: 'VALIDATION_ERROR' });
  return { ns, address: account.address, connector: account.connector, network, calls };
}

/**
 * The connected wallet's call-bundle capabilities on the namespace's active network, keyed by chain id in 0x hex
 * (`{ '0x1': { atomic: { status: 'supported' } } }`). A wallet that cannot tell (or fails to answer) gives `{}`.
 */
export async function getCapabilities(ctx: KernelContext, options?: { namespace?: ChainNamespace }): Promise<WalletCallCapabilities> {
  const { address, connector, network, calls } = target(ctx, options?.namespace);
  try {
    return await calls.getCapabilities({ address, network, connector });
  } catch {
    return {};
  }
}

/** Sends a call bundle through the connected wallet on the namespace's active network; resolves with its id once submitted. */
export async function sendCalls(ctx: KernelContext, options: SendCallsOptions): Promise<SendCallsResult> {
  const { address, connector, network, calls } = target(ctx, options.namespace);
  try {
    const { namespace: _ns, ...request } = options;
    return await calls.sendCalls({ ...request, from: address, network, connector, atomicRequired: options.atomicRequired === true });
  } catch (err) {
    throw reportError(ctx, err, 'SEND_CALLS_ERROR');
  }
}

/** Where a bundle `sendCalls` returned stands (EIP-5792 statuses: 100 pending, 200 confirmed, 400–600 failed). */
export async function getCallsStatus(ctx: KernelContext, id: string, options?: { namespace?: ChainNamespace }): Promise<CallsStatus> {
  if (!id || typeof id !== 'string') throw new LatchError('A bundle id is required', { category: 'VALIDATION_ERROR' });
  const { connector, network, calls } = target(ctx, options?.namespace);
  try {
    return await calls.getCallsStatus({ id, network, connector });
  } catch (err) {
    throw reportError(ctx, err, 'GET_CALLS_STATUS_ERROR');
  }
}
