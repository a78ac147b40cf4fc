// @vitest-environment node
import { ed25519 } from '@noble/curves/ed25519';
import { createSolanaAdapter } from '@latch/adapter-solana';
import { createSolanaLocalnet } from '@latch/adapter-solana/networks';
import { formatUnits } from '@latch/kernel';
import { startSolanaRpc } from '@latch/devnet';
import { describeAdapterConformance } from '@latch/testkit/conformance';
import { startWalletConnectWallet } from '@latch/testkit/walletconnect';
import { startWalletConnectRelay } from '@latch/devnet/walletconnect';
import { decodeBase58 } from './codec.js';
import type { createWalletConnectConnector } from './createWalletConnectConnector.js';
import { scannedConnector } from './test-support/scannedConnector.js';
import type { SolanaSessionWallet } from './solanaWallet.js';

// The solana adapter passes the shared ChainAdapter contract over a real WalletConnect session: this connector's
// session and Wallet Standard bridge, the devnet's relay, and a @reown/walletkit wallet with a real ed25519 key that
// signs (and sends) against the local Solana RPC.

type ChangeListener = (properties: { accounts?: readonly unknown[] }) => void;
const ICON = 'data:image/svg+xml,<svg xmlns="http://www.w3.org/2000/svg"/>';
const SECRET = '5a'.repeat(32);

/**
 * What a page holds for the adapter, registered like an extension (Wallet Standard): connecting pairs through
 * WalletConnect (the wallet scans the URI), disconnecting ends the session, as the kernel does with a connector plugin.
 */
function pageWallet(connector: ReturnType<typeof createWalletConnectConnector>, network: ReturnType<typeof createSolanaLocalnet>) {
  const listeners = new Set<ChangeListener>();
  let bridge: SolanaSessionWallet | undefined;
  const delegate =
    (feature: string, method: string) =>
    (...inputs: unknown[]) => {
      const target = bridge?.features[feature] as Record<string, (...args: unknown[]) => Promise<unknown>> | undefined;
      if (!target) return Promise.reject(Object.assign(new Error('Not connected'), { code: 4100 }));
      return target[method]!(...inputs);
    };
  const wallet = {
    version: '1.0.0' as const,
    name: 'WalletConnect',
    icon: ICON,
    chains: [network.caipNetworkId],
    get accounts() {
      return bridge?.accounts ?? [];
    },
    features: {
      'standard:connect': {
        version: '1.0.0',
        async connect({ silent = false }: { silent?: boolean } = {}) {
          if (!bridge && !silent) {
            const session = await connector.connect({ namespaces: { solana: [network] } });
            bridge = session.namespaces.solana?.provider as SolanaSessionWallet;
            (bridge.features['standard:events'] as { on(e: string, l: ChangeListener): () => void }).on('change', (p) =>
              listeners.forEach((l) => l(p)),
            );
          }
          return { accounts: bridge?.accounts ?? [] };
        },
      },
      'standard:disconnect': {
        version: '1.0.0',
        async disconnect() {
          if (!bridge) return;
          bridge = undefined;
          await connector.disconnect();
        },
      },
      'standard:events': {
        version: '1.0.0',
        on(event: string, listener: ChangeListener) {
          if (event !== 'change') return () => undefined;
          listeners.add(listener);
          return () => listeners.delete(listener);
        },
      },
      'solana:signMessage': { version: '1.0.0', signMessage: delegate('solana:signMessage', 'signMessage') },
      'solana:signAndSendTransaction': {
        version: '1.0.0',
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: delegate('solana:signAndSendTransaction', 'signAndSendTransaction'),
      },
    },
  };
  /** The connector reported the session ended on the wallet's side. */
  const ended = () => {
    bridge = undefined;
    for (const listener of listeners) listener({ accounts: [] });
  };
  return { wallet, ended };
}

/** A Wallet Standard registry of one page (the adapter's `getWallets`). */
function registry() {
  const wallets: unknown[] = [];
  const listeners = new Set<(...wallets: unknown[]) => void>();
  return {
    get: () => [...wallets],
    on: (_event: string, listener: (...wallets: unknown[]) => void) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    register(wallet: unknown) {
      wallets.push(wallet);
      for (const listener of listeners) listener(wallet);
      return () => undefined;
    },
  };
}

describeAdapterConformance('adapter-solana over a WalletConnect session', async () => {
  const [solana, relay] = await Promise.all([startSolanaRpc(), startWalletConnectRelay()]);
  const wallet = await startWalletConnectWallet({
    relayUrl: relay.url,
    // The test wallet always holds an eip155 key; this proposal asks for solana only, so it is never used.
    evm: { privateKey: `0x${'11'.repeat(32)}`, rpcUrls: { 1: 'http://127.0.0.1:9' } },
    solana: { secretKey: SECRET, rpcUrl: solana.rpcUrl, chainId: solana.caipNetworkId },
  });
  const address = wallet.solanaAddress as string;
  solana.airdrop(address, 2_000_000_000n);
  const network = createSolanaLocalnet({ rpcUrl: solana.rpcUrl, caipNetworkId: solana.caipNetworkId });
  // The page's provider is made once the connector exists; the connector reports a wallet-side end to it.
  const { connector, stop: stopConnector } = await scannedConnector({
    relayUrl: relay.url,
    wallet,
    namespace: 'solana',
    network: network,
    onEnded: () => page.ended(),
  });
  const page = pageWallet(connector, network);
  const standard = registry();
  return {
    adapter: createSolanaAdapter({ getWallets: () => standard as never }),
    network,
    wallet: {
      connectorId: 'ws:WalletConnect',
      address,
      reject: (kind, value) => wallet.setBehaviour(kind === 'connect' ? { rejectProposal: value } : { rejectRequests: value }),
      disconnectFromWallet: () => wallet.disconnect(),
      async verifySignature({ message, signature, address: signer }) {
        return ed25519.verify(decodeBase58(signature), new TextEncoder().encode(message), decodeBase58(signer));
      },
      async nativeBalance() {
        const response = await fetch(solana.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getBalance', params: [address] }),
        });
        return formatUnits(BigInt(((await response.json()) as { result: { value: number } }).result.value), 9);
      },
    },
    install: () => void standard.register(page.wallet),
    async teardown() {
      stopConnector();
      await wallet.close();
      await Promise.allSettled([relay.stop(), solana.stop()]);
    },
  };
});
