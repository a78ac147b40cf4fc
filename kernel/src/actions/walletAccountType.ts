import type { KernelContext } from '../context.js';
import type { WalletCallCapabilities } from '../plugins/ChainAdapter.js';
import type { ChainNamespace } from '../types.js';
import { capabilityOf, getAccount, updateAccount } from './accountState.js';
import { getNetworkState } from './networkState.js';

/**
 * What an eip155 wallet without account types is, from its EIP-5792 capabilities: one that runs bundles atomically
 * on this network (`atomic: supported`) is a smart account. Never switched; a wallet that cannot tell stays eoa.
 */
export async function readWalletAccountType(ctx: KernelContext, ns: ChainNamespace): Promise<void> {
  const account = getAccount(ctx, ns);
  const connector = account.connector;
  const calls = capabilityOf(ctx, ns, 'calls');
  const network = getNetworkState(ctx, ns).caipNetwork;
  if (!connector || connector.accountTypes || !calls || !account.address || !network) return;
  const address = account.address;
  const capabilities: WalletCallCapabilities = await calls.getCapabilities({ address, network, connector }).catch(() => ({}));
  const reference = network.caipNetworkId.split(':')[1] ?? '';
  if (!/^\d+$/.test(reference)) return;
  const chain = `0x${BigInt(reference).toString(16)}`;
  const atomic = (capabilities[chain]?.atomic ?? capabilities['0x0']?.atomic) as { status?: unknown } | undefined;
  const now = getAccount(ctx, ns);
  if (atomic?.status !== 'supported' || now.address !== address) return;
  updateAccount(ctx, ns, {
    allAccounts: now.allAccounts.map((entry) => (entry.address === address ? { ...entry, type: 'smartAccount' } : entry)),
  });
}
