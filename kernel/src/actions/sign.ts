import type { KernelContext } from '../context.js';
import { LatchError } from '../primitives.js';
import { activeNamespaceAtom } from '../state/atoms.js';
import type { ChainNamespace } from '../types.js';
import { capabilityOf, getAccount, reportError } from './accountState.js';

/**
 * Signs a message with the wallet connected on a namespace (default: the active one), through
 * its declared `signMessage` capability. Resolves to the chain's signature encoding.
 */
export async function signMessage(ctx: KernelContext, message: string, namespace?: ChainNamespace): Promise<string> {
  const ns = namespace ?? ctx.store.get(activeNamespaceAtom);
  const account = ns ? getAccount(ctx, ns) : undefined;
  if (!ns || account?.status !== 'connected' || !account.address || !account.connector) {
    throw new LatchError('No wallet is connected', { category: 'CONNECTOR_ERROR' });
  }
  const capability = capabilityOf(ctx, ns, 'signMessage');
  if (!capability) throw new LatchError(`Signing messages is not supported on ${ns}`, { category: 'VALIDATION_ERROR' });
  try {
    return await capability.signMessage({ message, address: account.address, connector: account.connector });
  } catch (err) {
    throw reportError(ctx, err, 'SIGN_MESSAGE_ERROR');
  }
}
