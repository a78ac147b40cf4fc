// @vitest-environment node
import { signatureVerify } from '@polkadot/util-crypto';
import { createPolkadotAdapter } from '@latch/adapter-polkadot';
import { createPolkadotLocalnet } from '@latch/adapter-polkadot/networks';
import { type ChainAdapter, type Connector, formatUnits, isUserRejection } from '@latch/kernel';
import { polkadotAddressFromUri } from '@latch/testkit';
import { describeAdapterConformance } from '@latch/testkit/conformance';
import { startWalletConnectWallet } from '@latch/testkit/walletconnect';
import { startWalletConnectRelay } from '@latch/devnet/walletconnect';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sharedPolkadotChain } from '../../scripts/test-support/sharedPolkadot.js';
import type { createWalletConnectConnector } from './createWalletConnectConnector.js';
import { scannedConnector } from './test-support/scannedConnector.js';
import type { PolkadotSessionEntry } from './polkadotBridge.js';

// The polkadot adapter passes the shared ChainAdapter contract over a real WalletConnect session: this connector's
// session and injectedWeb3 bridge, the devnet's relay, and a @reown/walletkit wallet with a real sr25519 key that signs
// the adapter's transfer, which lands on a real Substrate runtime (chopsticks). The adapter loads from its dist.

const UNIT = 10n ** 12n;
const OWNER = '//LatchWalletConnectConformance';
const RECEIVER = '//LatchWalletConnectConformanceReceiver';
/** The `injectedWeb3` key the page puts the session under: the adapter lists it as a connector of that id. */
const KEY = 'walletconnect';

// A client on the run's one chopsticks node (its accounts are this file's own); every run gets its own relay, wallet,
// connector and adapter.
const local = sharedPolkadotChain();
const network = local.then((chain) =>
  createPolkadotLocalnet({
    rpcUrl: chain.rpcUrl,
    genesisHash: chain.genesisHash,
    name: 'Chopsticks',
    decimals: chain.decimals,
    symbol: chain.symbol,
    ss58Format: chain.ss58Format,
  }),
);
const funded = local.then(async (chain) => chain.fund(await polkadotAddressFromUri(OWNER, chain.ss58Format), 25n * UNIT));
afterAll(async () => (await local).stop());

type Network = Awaited<typeof network>;

/**
 * What a page holds for the adapter, injected like an extension (`injectedWeb3[key]`): enabling pairs through
 * WalletConnect (the wallet scans the URI) and hands over the bridge's Injected, as the kernel does with a connector.
 */
function pageEntry(connector: ReturnType<typeof createWalletConnectConnector>, net: Network) {
  let bridge: PolkadotSessionEntry | undefined;
  const entry = {
    version: '1.0.0',
    async enable(appName: string) {
      if (!bridge) {
        const session = await connector.connect({ namespaces: { polkadot: [net] } });
        bridge = session.namespaces.polkadot?.provider as PolkadotSessionEntry;
      }
      return bridge.enable(appName);
    },
  };
  /** The connector reported the session ended on the wallet's side: the subscribers hear no account left. */
  const ended = () => {
    bridge?.accountsChanged();
    bridge = undefined;
  };
  return { entry, ended };
}

/** A relay, a Node wallet with a real key, the connector and a polkadot adapter reading `target.injectedWeb3`. */
async function openSession() {
  const [chain, net, relay] = await Promise.all([local, network, startWalletConnectRelay(), funded]);
  const wallet = await startWalletConnectWallet({
    relayUrl: relay.url,
    // The test wallet always holds an eip155 key; this proposal asks for polkadot only, so it is never used.
    evm: { privateKey: `0x${'11'.repeat(32)}`, rpcUrls: { 1: 'http://127.0.0.1:9' } },
    polkadot: { uri: OWNER, chainId: chain.caipNetworkId, ss58Format: chain.ss58Format },
  });
  // The page's provider is made once the connector exists; the connector reports a wallet-side end to it.
  const { connector, stop: stopConnector } = await scannedConnector({
    relayUrl: relay.url,
    wallet,
    namespace: 'polkadot',
    network: net,
    onEnded: () => page.ended(),
  });
  const page = pageEntry(connector, net);
  const target: { injectedWeb3?: Record<string, unknown> } = {};
  return {
    chain,
    network: net,
    wallet,
    adapter: createPolkadotAdapter({ target }),
    address: await polkadotAddressFromUri(OWNER, chain.ss58Format),
    install: () => void (target.injectedWeb3 = { ...target.injectedWeb3, [KEY]: page.entry }),
    async close() {
      stopConnector();
      await wallet.close();
      await relay.stop();
    },
  };
}

describeAdapterConformance('adapter-polkadot over a WalletConnect session', async () => {
  const session = await openSession();
  const { chain, wallet, address } = session;
  return {
    adapter: session.adapter,
    network: session.network,
    wallet: {
      connectorId: KEY,
      address,
      reject: (kind, value) => wallet.setBehaviour(kind === 'connect' ? { rejectProposal: value } : { rejectRequests: value }),
      disconnectFromWallet: () => wallet.disconnect(),
      // No switchAccount: the test wallet holds one polkadot key, and WalletConnect has no request to pick another.
      verifySignature: async ({ message, signature, address: signer }) => signatureVerify(message, signature, signer).isValid,
      nativeBalance: async () => formatUnits(await chain.balanceOf(address), chain.decimals),
    },
    install: session.install,
    teardown: session.close,
  };
});

describe('adapter-polkadot sends over a WalletConnect session', () => {
  let opened: Awaited<ReturnType<typeof openSession>> | undefined;
  let stop: (() => void) | undefined;
  afterEach(async () => {
    stop?.();
    await opened?.close();
    opened = stop = undefined;
  });

  async function connected(): Promise<{ adapter: ChainAdapter; connector: Connector; session: Awaited<ReturnType<typeof openSession>> }> {
    const session = await openSession();
    opened = session;
    stop = session.adapter.setup?.({ networks: [session.network], emit: () => undefined }) ?? undefined;
    let listed: readonly Connector[] = [];
    const unwatch = session.adapter.watchConnectors((list) => (listed = list));
    session.install();
    const started = Date.now();
    while (!listed.some((c) => c.id === KEY)) {
      if (Date.now() - started > 5_000) throw new Error('the adapter never listed the WalletConnect entry');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const teardown = stop;
    stop = () => (unwatch(), teardown?.());
    const connector = listed.find((c) => c.id === KEY) as Connector;
    await session.adapter.connect(connector, { network: session.network });
    return { adapter: session.adapter, connector, session };
  }

  it('a transfer the wallet signs (polkadot_signTransaction) lands on the local chain; a declined one is 4001', async () => {
    const { adapter, connector, session } = await connected();
    const { chain, network: net, address, wallet } = session;
    const to = await polkadotAddressFromUri(RECEIVER, chain.ss58Format);
    const [before, senderBefore] = [await chain.balanceOf(to), await chain.balanceOf(address)];
    const send = adapter.capabilities!.send!;
    const hash = await send.sendTransfer({ from: address, to, amount: UNIT, network: net, connector });
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    // sendTransfer resolves once the node accepted the extrinsic; waitForTransfer follows it into its block.
    await expect(send.waitForTransfer!({ hash, network: net })).resolves.toEqual({ status: 'confirmed' });
    expect((await chain.balanceOf(to)) - before).toBe(UNIT);
    // The sender paid the amount and a fee.
    expect(senderBefore - (await chain.balanceOf(address))).toBeGreaterThan(UNIT);
    expect(wallet.requests.map((r) => [r.method, r.chainId])).toEqual([['polkadot_signTransaction', chain.caipNetworkId]]);

    wallet.setBehaviour({ rejectRequests: true });
    const error = await send.sendTransfer({ from: address, to, amount: UNIT, network: net, connector }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(isUserRejection(error)).toBe(true);
    expect((await chain.balanceOf(to)) - before).toBe(UNIT);
  });
});
