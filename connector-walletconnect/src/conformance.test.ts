// @vitest-environment node
import { createEip155Adapter } from '@latch/adapter-eip155';
import { createDevnet } from '@latch/adapter-eip155/networks';
import { formatUnits } from '@latch/kernel';
import { startAnvil } from '@latch/devnet';
import { describeAdapterConformance } from '@latch/testkit/conformance';
import { startWalletConnectWallet } from '@latch/testkit/walletconnect';
import { startWalletConnectRelay } from '@latch/devnet/walletconnect';
import { verifyMessage } from 'viem';
import type { createWalletConnectConnector } from './createWalletConnectConnector.js';
import { scannedConnector } from './test-support/scannedConnector.js';
import type { Eip155SessionProvider } from './eip155Provider.js';

// The eip155 adapter passes the shared ChainAdapter contract over a real WalletConnect session: this connector's
// session and EIP-1193 bridge, the devnet's relay on 127.0.0.1, and a @reown/walletkit wallet with a real key on anvil.
// The adapters are not dependencies of this package (the workspace installs them; they load from dist).

type Listener = (...args: unknown[]) => void;

/**
 * What a page holds for the adapter, announced like an extension (EIP-6963): asking for accounts pairs through
 * WalletConnect (the wallet scans the URI), revoking ends the session, as the kernel does with a connector plugin.
 */
function pageProvider(connector: ReturnType<typeof createWalletConnectConnector>, network: ReturnType<typeof createDevnet>) {
  const listeners = new Map<string, Set<Listener>>();
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args);
  };
  let bridge: Eip155SessionProvider | undefined;
  const provider = {
    async request({ method, params }: { method: string; params?: unknown }): Promise<unknown> {
      if (method === 'eth_requestAccounts' && !bridge) {
        const session = await connector.connect({ namespaces: { eip155: [network] } });
        bridge = session.namespaces.eip155?.provider as Eip155SessionProvider;
        bridge.on('accountsChanged', (...args) => emit('accountsChanged', ...args));
        bridge.on('chainChanged', (...args) => emit('chainChanged', ...args));
      }
      if (method === 'wallet_revokePermissions' && bridge) {
        bridge = undefined;
        await connector.disconnect();
        return null;
      }
      if (!bridge) {
        if (method === 'eth_accounts') return [];
        if (method === 'eth_chainId') return `0x${Number(network.id).toString(16)}`;
        throw Object.assign(new Error('Not connected'), { code: 4100 });
      }
      return bridge.request({ method, params });
    },
    on(event: string, listener: Listener) {
      listeners.set(event, new Set([...(listeners.get(event) ?? []), listener]));
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener);
    },
  };
  /** The connector reported the session ended on the wallet's side. */
  const ended = () => {
    bridge = undefined;
    emit('disconnect', { code: 4900, message: 'The WalletConnect session ended' });
  };
  return { provider, ended };
}

const INFO = {
  uuid: 'b7c4c1a6-0000-4000-8000-000000000009',
  name: 'WalletConnect',
  icon: 'data:image/svg+xml,<svg/>',
  rdns: 'com.walletconnect.latch',
};

describeAdapterConformance('adapter-eip155 over a WalletConnect session', async () => {
  const [anvil, relay] = await Promise.all([startAnvil({ deploy: false }), startWalletConnectRelay()]);
  const account = anvil.accounts[0]!;
  const wallet = await startWalletConnectWallet({
    relayUrl: relay.url,
    evm: { privateKey: account.privateKey, rpcUrls: { [anvil.chainId]: anvil.rpcUrl } },
  });
  const network = createDevnet({ rpcUrl: anvil.rpcUrl, chainId: anvil.chainId });
  // The page's provider is made once the connector exists; the connector reports a wallet-side end to it.
  const { connector, stop: stopConnector } = await scannedConnector({
    relayUrl: relay.url,
    wallet,
    namespace: 'eip155',
    network: network,
    onEnded: () => page.ended(),
  });
  const page = pageProvider(connector, network);
  const target = new EventTarget();
  const announce = () =>
    target.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: INFO, provider: page.provider }) }));
  return {
    adapter: createEip155Adapter({ target, isMobile: () => false }),
    network,
    wallet: {
      connectorId: INFO.rdns,
      address: account.address,
      reject: (kind, value) => wallet.setBehaviour(kind === 'connect' ? { rejectProposal: value } : { rejectRequests: value }),
      disconnectFromWallet: () => wallet.disconnect(),
      switchAccount: () => wallet.emitAccountsChanged(anvil.accounts[1]!.privateKey),
      verifySignature: ({ message, signature, address }) =>
        verifyMessage({ address: address as `0x${string}`, message, signature: signature as `0x${string}` }),
      async nativeBalance() {
        const response = await fetch(anvil.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [account.address, 'latest'] }),
        });
        return formatUnits(BigInt(((await response.json()) as { result: string }).result), 18);
      },
    },
    install() {
      announce();
      target.addEventListener('eip6963:requestProvider', announce);
    },
    async teardown() {
      stopConnector();
      await wallet.close();
      await Promise.allSettled([relay.stop(), anvil.stop()]);
    },
  };
});
