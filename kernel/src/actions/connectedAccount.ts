import type { KernelContext } from '../context.js';
import { LatchError } from '../errors/LatchError.js';
import { activeNamespaceAtom } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';
import { getAccount } from './accountState.js';
import { getNetworkState } from './networkState.js';

/** The connected account on a namespace (default: the active one), its network, address and connector; else 'No wallet is connected'. */
export function connectedAccount(ctx: KernelContext, namespace: ChainNamespace | undefined) {
  const ns = namespace ?? ctx.store.get(activeNamespaceAtom);
  const account = ns ? getAccount(ctx, ns) : undefined;
  const network = ns ? getNetworkState(ctx, ns).caipNetwork : undefined;
  if (!ns || account?.status !== 'connected' || !account.address || !account.connector || !network) {
    throw new LatchError('No wallet is connected', { category: 'CONNECTOR_ERROR' });
  }
  return { ns, account, network, address: account.address, connector: account.connector };
}
