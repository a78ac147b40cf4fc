import type { Connector } from '@latch/kernel';
import { COSMOS_NAMESPACE } from '../networks/cosmosNetwork.js';
import { hasWalletMethod } from '../wallet/walletShape.js';
import type { FoundWallet } from './keplrStyleDiscovery.js';

const DATA_IMAGE = /^data:image\/(svg\+xml|png|webp|jpeg|gif)[;,]/;

function connectorOf({ descriptor, wallet }: FoundWallet): Connector {
  const icon = typeof descriptor.icon === 'string' && DATA_IMAGE.test(descriptor.icon) ? descriptor.icon : undefined;
  return {
    id: descriptor.id,
    name: descriptor.name,
    ...(icon ? { icon } : {}),
    type: 'INJECTED',
    chain: COSMOS_NAMESPACE,
    installed: true,
    provider: wallet,
    // Without ADR-36 signing the modal must not offer "sign message" for this wallet.
    ...(hasWalletMethod(wallet, 'signArbitrary') ? {} : { capabilities: { signMessage: false } }),
  };
}

/** The same Connector object for the same wallet object in the same slot, so unchanged lists stay identical. */
export function createConnectorCache() {
  const cache = new Map<string, { wallet: object; connector: Connector }>();
  return (found: FoundWallet): Connector => {
    const cached = cache.get(found.descriptor.id);
    if (cached?.wallet === found.wallet) return cached.connector;
    const connector = connectorOf(found);
    cache.set(found.descriptor.id, { wallet: found.wallet, connector });
    return connector;
  };
}
