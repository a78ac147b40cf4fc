// @vitest-environment node
import { createCosmosAdapter } from '@latch/adapter-cosmos';
import { createCosmosLocalnet } from '@latch/adapter-cosmos/networks';
import { type Connector, formatUnits, getCapability } from '@latch/kernel';
import { verifyAdr36Signature } from '@latch/testkit';
import { startCosmosChain } from '@latch/devnet';
import { type ConformanceHarness, describeAdapterConformance } from '@latch/testkit/conformance';
import { startWalletConnectWallet } from '@latch/testkit/walletconnect';
import { startWalletConnectRelay } from '@latch/devnet/walletconnect';
import { afterEach, describe, expect, it } from 'vitest';
import type { CosmosSessionWallet, DirectSignDoc } from './cosmosBridge.js';
import type { StdSignDoc } from './cosmosAnswers.js';
import type { createWalletConnectConnector } from './createWalletConnectConnector.js';
import { scannedConnector } from './test-support/scannedConnector.js';

// The cosmos adapter passes the shared ChainAdapter contract over a real WalletConnect session: this connector's session
// and Keplr-style bridge, the devnet's relay, and a @reown/walletkit wallet with a real secp256k1 key that signs with
// cosmos_signDirect / cosmos_signAmino; the adapter broadcasts to the devnet's CometBFT stand-in.

const KEY = '5c'.repeat(32);
const KEYSTORE_EVENT = 'keplr_keystorechange';
const WALLETS = [{ id: 'walletconnect', name: 'WalletConnect', path: ['walletconnect'] }];
type Page = EventTarget & Record<string, unknown>;

/**
 * What a page holds for the adapter, injected like a Keplr-style extension (`page.walletconnect`): enabling pairs
 * through WalletConnect (the wallet scans the URI), `disable` ends the session, as the kernel does with a connector plugin.
 */
function pageWallet(
  connector: ReturnType<typeof createWalletConnectConnector>,
  network: ReturnType<typeof createCosmosLocalnet>,
  page: Page,
) {
  let bridge: CosmosSessionWallet | undefined;
  const live = () => {
    if (!bridge) throw Object.assign(new Error('Not connected'), { code: 4100 });
    return bridge;
  };
  const wallet = {
    async enable(chainIds: string | string[]) {
      if (!bridge) {
        const session = await connector.connect({ namespaces: { cosmos: [network] } });
        bridge = session.namespaces.cosmos?.provider as CosmosSessionWallet;
        bridge.onKeystoreChange(() => page.dispatchEvent(new Event(KEYSTORE_EVENT)));
      }
      return bridge.enable(chainIds);
    },
    getKey: (chainId: string) => live().getKey(chainId),
    getOfflineSigner: (chainId: string) => ({
      getAccounts: () => live().getOfflineSigner(chainId).getAccounts(),
      signDirect: (signer: string, doc: DirectSignDoc) => live().signDirect(chainId, signer, doc),
      signAmino: (signer: string, doc: StdSignDoc) => live().signAmino(chainId, signer, doc),
    }),
    signArbitrary: async (chainId: string, signer: string, data: string) => {
      const sign = live().signArbitrary;
      if (!sign) throw Object.assign(new Error('cosmos_signAmino is not approved'), { code: 4200 });
      return sign(chainId, signer, data);
    },
    async disable() {
      if (!bridge) return;
      bridge = undefined;
      await connector.disconnect();
    },
  };
  /** The connector reported the session ended on the wallet's side: the adapter reads the key again and finds none. */
  const ended = () => {
    bridge = undefined;
    page.dispatchEvent(new Event(KEYSTORE_EVENT));
  };
  return { wallet, ended };
}

async function start() {
  const [chain, relay] = await Promise.all([startCosmosChain(), startWalletConnectRelay()]);
  const wallet = await startWalletConnectWallet({
    relayUrl: relay.url,
    // The test wallet always holds an eip155 key; this proposal asks for cosmos only, so it is never used.
    evm: { privateKey: `0x${'11'.repeat(32)}`, rpcUrls: { 1: 'http://127.0.0.1:9' } },
    cosmos: { mnemonicOrPrivateKey: KEY, chainId: chain.chainId },
  });
  const address = wallet.addresses.cosmos as string;
  chain.fund(address, 3_141_592n);
  const network = createCosmosLocalnet({ rpcUrl: chain.rpcUrl, chainId: chain.chainId, denom: chain.denom });
  // The page's provider is made once the connector exists; the connector reports a wallet-side end to it.
  const { connector, stop: stopConnector } = await scannedConnector({
    relayUrl: relay.url,
    wallet,
    namespace: 'cosmos',
    network: network,
    onEnded: () => injected.ended(),
  });
  const page = new EventTarget() as Page;
  const injected = pageWallet(connector, network, page);
  const harness: ConformanceHarness = {
    adapter: createCosmosAdapter({ window: page, wallets: WALLETS, reconnectTimeoutMs: 300, broadcastPollIntervalMs: 20 }),
    network,
    wallet: {
      connectorId: 'walletconnect',
      address,
      reject: (kind, value) => wallet.setBehaviour(kind === 'connect' ? { rejectProposal: value } : { rejectRequests: value }),
      disconnectFromWallet: () => wallet.disconnect(),
      // A session update with the new account: the bridge forgets its keys and fires Keplr's keystore event.
      switchAccount: () => wallet.switchNamespaceAccount('cosmos', '5d'.repeat(32)),
      verifySignature: async ({ message, signature, address: signer }) => verifyAdr36Signature({ signer, data: message, signature }),
      nativeBalance: async () => formatUnits(chain.balanceOf(address), 6),
    },
    install() {
      page.walletconnect = injected.wallet;
      page.dispatchEvent(new Event('load')); // injected before the page finished loading
    },
    async teardown() {
      stopConnector();
      await wallet.close();
      await Promise.allSettled([relay.stop(), chain.stop()]);
    },
  };
  return { harness, chain, phone: wallet };
}

describeAdapterConformance('adapter-cosmos over a WalletConnect session', async () => (await start()).harness);

describe('adapter-cosmos over a WalletConnect session: a transfer', () => {
  let harness: ConformanceHarness | undefined;
  afterEach(async () => {
    await harness?.teardown();
    harness = undefined;
  });

  it('signs a MsgSend with cosmos_signDirect on the phone and lands it on the local chain', async () => {
    const started = await start();
    harness = started.harness;
    const { adapter, network, wallet } = harness;
    const stop = adapter.setup?.({ networks: [network], emit: () => undefined });
    let connectors: readonly Connector[] = [];
    const unwatch = adapter.watchConnectors((list) => {
      connectors = list;
    });
    await harness.install();
    try {
      const connector = connectors.find((c) => c.id === wallet.connectorId);
      if (!connector) throw new Error('the WalletConnect wallet was not discovered');
      await adapter.connect(connector, { network });
      const send = getCapability(adapter, 'send');
      const to = 'cosmos1qypqxpq9qcrsszg2pvxq6rs0zqg3yyc5lzv7xu';
      const hash = await send!.sendTransfer({ from: wallet.address, to, amount: 250_000n, network, connector });
      await expect(send!.waitForTransfer!({ hash, network })).resolves.toEqual({ status: 'confirmed' });
      const landed = started.chain.transaction(hash);
      expect(landed?.code).toBe(0);
      expect(started.chain.balanceOf(to)).toBe(250_000n);
      expect(started.chain.balanceOf(wallet.address)).toBe(3_141_592n - 250_000n - (landed?.fee ?? 0n));
      expect(started.phone.requests.map((r) => r.method)).toEqual(['cosmos_getAccounts', 'cosmos_signDirect']);
    } finally {
      unwatch();
      stop?.();
    }
  });
});
