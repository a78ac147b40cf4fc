import type { CaipNetwork, ChainNamespace, ConnectorContext, ConnectorPluginEvent } from '@latch/kernel';
import type { WalletConnectWallet } from '@latch/testkit/walletconnect';
import type { WalletConnectPlugin } from '../createWalletConnectConnector.js';

/** What the kernel hands the connector at setup, for these namespaces: storage in a Map, events in a list. */
export function pageContext(namespaces: ChainNamespace[], networks: (namespace: ChainNamespace) => CaipNetwork[]) {
  const stored = new Map<string, unknown>();
  const events: ConnectorPluginEvent[] = [];
  const context: ConnectorContext = {
    namespaces,
    networks,
    storage: { get: (key) => stored.get(key), set: (key, value) => void stored.set(key, value), remove: (key) => void stored.delete(key) },
    emit: (event) => void events.push(event),
  };
  return { context, stored, events };
}

/** The connector's session controller, with the wallet "scanning" every QR code it shows. */
export async function scanEveryCode(connector: WalletConnectPlugin, wallet: WalletConnectWallet) {
  const controller = await connector.walletConnect.controller();
  controller.subscribe((state) => {
    if (state.status === 'waiting') void wallet.pair(state.uri);
  });
  return controller;
}
