import { createBip122Provider } from './bip122Bridge.js';
import type { BridgeFactory } from './bridges.js';
import { createCosmosBridge } from './cosmosBridge.js';
import { createPolkadotSessionEntry } from './polkadotBridge.js';

/* The bridges of bip122, polkadot and cosmos: a chunk of their own, loaded only for a session that approved one. */
export const MORE_BRIDGES: Readonly<Record<string, BridgeFactory>> = {
  bip122({ channel, approval, networks }) {
    const withAccount = approval.accounts.map((a) => a.slice(0, a.lastIndexOf(':')));
    const wanted = networks.map((n) => n.caipNetworkId).find((id) => withAccount.includes(id));
    const provider = createBip122Provider(channel, wanted ?? withAccount[0] ?? '');
    return {
      provider,
      walletEvent: (name, data, chainId) => provider.walletEvent(name, data, chainId),
      sessionUpdated: () => provider.sessionUpdated(),
    };
  },
  polkadot({ channel, networks }) {
    const provider = createPolkadotSessionEntry(
      channel,
      networks.map((n) => n.caipNetworkId),
    );
    // The network is the page's choice (an extension has none): of the wallet's events only accountsChanged matters.
    return {
      provider,
      walletEvent: (name) => name === 'accountsChanged' && provider.accountsChanged(),
      sessionUpdated: () => provider.accountsChanged(),
    };
  },
  cosmos(input) {
    const provider = createCosmosBridge(input);
    return { provider, sessionUpdated: () => provider.keysChanged() };
  },
};
