import type { CaipNetwork, ChainNamespace, ConnectorContext } from '@latch/kernel';
import { MemoryKeyValueStorage, type WalletConnectWallet } from '@latch/testkit/walletconnect';
import { createWalletConnectConnector } from '../createWalletConnectConnector.js';

/**
 * The connector as a kernel with one namespace sets it up (context, storage), over the devnet relay, with the
 * Node wallet "scanning" every QR code it shows. `onEnded`: the connector reported the session ended on the
 * wallet's side.
 */
export async function scannedConnector(options: {
  relayUrl: string;
  wallet: WalletConnectWallet;
  namespace: ChainNamespace;
  network: CaipNetwork;
  onEnded(): void;
}) {
  const connector = createWalletConnectConnector({
    relayUrl: options.relayUrl,
    storage: new MemoryKeyValueStorage(),
    metadata: { name: 'Latch conformance' },
  });
  const stored = new Map<string, unknown>();
  const context: ConnectorContext = {
    namespaces: [options.namespace],
    networks: () => [options.network],
    storage: { get: (key) => stored.get(key), set: (key, value) => void stored.set(key, value), remove: (key) => void stored.delete(key) },
    emit: (event) => event.type === 'disconnected' && options.onEnded(),
  };
  const stop = connector.setup?.(context);
  (await connector.walletConnect.controller()).subscribe((state) => {
    if (state.status === 'waiting') void options.wallet.pair(state.uri);
  });
  return { connector, stop: () => stop?.() };
}
